// Generic dialogs (SPEC §2): a modal on larger screens, a side panel on phones; Okay and Cancel; focus after 300 ms.
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useIsPhone } from '../shell/use-media-query';

export const DIALOG_SIZES = ['', 'sm', 'md', 'lg', 'xl'] as const;
export type DialogSize = (typeof DIALOG_SIZES)[number];
/** SPEC §9: focus moves to Okay (or Cancel) this long after showing. */
export const DIALOG_FOCUS_DELAY_MS = 300;

export function assertDialogSize(size: string): asserts size is DialogSize {
  if (!(DIALOG_SIZES as readonly string[]).includes(size)) {
    throw new Error(`Dialog size must be one of '', sm, md, lg, xl; got "${size}"`);
  }
}

export type DialogProps = {
  title: ReactNode;
  children?: ReactNode;
  /** Controlled visibility; leave out with `toggler` to let the dialog open itself. */
  show?: boolean;
  /** Called when the user closes (Cancel, close button, Escape, backdrop). */
  onHide?: () => void;
  /** Called after the close animation. */
  onHidden?: () => void;
  /** Okay button; without onOkay it closes the dialog. */
  onOkay?: () => void;
  okayLabel?: string;
  cancelLabel?: string;
  showOkay?: boolean;
  showCancel?: boolean;
  okayDisabled?: boolean;
  /** Extra footer content, placed before the buttons. */
  footer?: ReactNode;
  size?: DialogSize;
  staticBackdrop?: boolean;
  /** Modal: the body scrolls between a fixed header and footer. */
  scrollable?: boolean;
  /** 'auto' (default): side panel on phones (< 576 px), modal otherwise. */
  variant?: 'auto' | 'modal' | 'panel';
  placement?: 'start' | 'end';
  /** Side panel width: narrow (Bootstrap default) or full screen width. */
  panelWidth?: 'narrow' | 'full';
  /** Label of a button that opens the dialog (uncontrolled use). */
  toggler?: ReactNode;
  togglerClassName?: string;
  className?: string;
  'data-testid'?: string;
};

/** Focuses Okay, else Cancel, DIALOG_FOCUS_DELAY_MS after `show` turns true. */
function useDelayedFocus(
  show: boolean,
  okay: RefObject<HTMLButtonElement | null>,
  cancel: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!show) return;
    const timer = window.setTimeout(() => {
      (okay.current ?? cancel.current)?.focus();
    }, DIALOG_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [show, okay, cancel]);
}

export function Dialog(props: DialogProps) {
  const size = props.size ?? '';
  assertDialogSize(size);
  const phone = useIsPhone();
  const titleId = useId();
  const [ownShow, setOwnShow] = useState(false);
  const controlled = props.show !== undefined;
  const show = controlled ? !!props.show : ownShow;
  const okayRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useDelayedFocus(show, okayRef, cancelRef);

  const hide = () => {
    if (!controlled) setOwnShow(false);
    props.onHide?.();
  };
  const okay = () => {
    if (props.onOkay) props.onOkay();
    else hide();
  };
  const showOkay = props.showOkay ?? true;
  const showCancel = props.showCancel ?? true;
  const buttons = (
    <>
      {props.footer}
      {showCancel ? (
        <Button ref={cancelRef} variant="outline-secondary" onClick={hide}>
          {props.cancelLabel ?? 'Cancel'}
        </Button>
      ) : null}
      {showOkay ? (
        <Button ref={okayRef} variant="primary" onClick={okay} disabled={props.okayDisabled}>
          {props.okayLabel ?? 'Okay'}
        </Button>
      ) : null}
    </>
  );
  const panel = props.variant === 'panel' || (props.variant !== 'modal' && phone);
  const backdrop = props.staticBackdrop ? ('static' as const) : true;
  const toggler =
    props.toggler !== undefined ? (
      <Button
        variant="outline-primary"
        className={props.togglerClassName}
        onClick={() => setOwnShow(true)}
        aria-haspopup="dialog"
      >
        {props.toggler}
      </Button>
    ) : null;

  if (panel) {
    return (
      <>
        {toggler}
        <Offcanvas
          show={show}
          onHide={hide}
          onExited={props.onHidden}
          placement={props.placement ?? 'end'}
          backdrop={backdrop}
          aria-labelledby={titleId}
          className={[props.panelWidth === 'full' ? 'w-100' : '', props.className].filter(Boolean).join(' ')}
          data-testid={props['data-testid']}
        >
          <Offcanvas.Header closeButton closeLabel="Close">
            <Offcanvas.Title as="h2" className="h5" id={titleId}>
              {props.title}
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>{props.children}</Offcanvas.Body>
          {showOkay || showCancel || props.footer ? (
            <div className="offcanvas-footer d-flex justify-content-end gap-2 p-3 border-top">{buttons}</div>
          ) : null}
        </Offcanvas>
      </>
    );
  }
  return (
    <>
      {toggler}
      <Modal
        show={show}
        onHide={hide}
        onExited={props.onHidden}
        size={size === 'sm' || size === 'lg' || size === 'xl' ? size : undefined}
        backdrop={backdrop}
        scrollable={props.scrollable}
        aria-labelledby={titleId}
        className={props.className}
        data-testid={props['data-testid']}
      >
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title as="h2" className="h5" id={titleId}>
            {props.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{props.children}</Modal.Body>
        {showOkay || showCancel || props.footer ? <Modal.Footer>{buttons}</Modal.Footer> : null}
      </Modal>
    </>
  );
}

/** A side panel regardless of screen size. */
export function SidePanel(props: Omit<DialogProps, 'variant'>) {
  return <Dialog {...props} variant="panel" />;
}
