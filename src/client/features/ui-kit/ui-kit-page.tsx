// Gallery of every UI kit component in every state (developer screen, route `ui_kit`).
import { DialogSection } from './kit-dialog-section';
import { TextSection } from './kit-text-section';
import { TimeSection } from './kit-time-section';
import { RichTextSection, TypeaheadSection } from './kit-typeahead-section';

export function UiKitPage() {
  return (
    <div className="container-fluid py-3" data-testid="ui-kit">
      <h1 className="h3 mb-4">UI Kit</h1>
      <TextSection />
      <TimeSection />
      <TypeaheadSection />
      <RichTextSection />
      <DialogSection />
    </div>
  );
}
