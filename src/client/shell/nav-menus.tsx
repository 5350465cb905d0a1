// The top navigation's drop-down menus: a chunk of their own (Popper and the drop-down code, ~13 kB gzip), loaded
// right after the shell shows; until then each menu is a look-alike toggle that opens once the code is there.
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router';
import { type Environment, type Menu, pathFor } from '../../shared/routes';
import { LOGOUT_PATH, useSignOutWarning } from '../features/offline/sign-out-warning';
import { MenuLink } from './menu-link';

export function EntryDropdown({
  entry,
  environment,
  defaultShow,
}: {
  entry: Menu;
  environment: Environment;
  defaultShow: boolean;
}) {
  return (
    <NavDropdown title={entry.label} id={`menu-${entry.label.toLowerCase()}`} defaultShow={defaultShow}>
      {entry.groups.map((group, index) => (
        <div key={group.label ?? index}>
          {index > 0 ? <NavDropdown.Divider /> : null}
          {group.label ? <NavDropdown.Header>{group.label}</NavDropdown.Header> : null}
          {group.items.map((item) => (
            <MenuLink key={item.route} item={item} Item={NavDropdown.Item} environment={environment} />
          ))}
        </div>
      ))}
    </NavDropdown>
  );
}

export function UserDropdown({ userName, defaultShow }: { userName: string; defaultShow: boolean }) {
  const warning = useSignOutWarning();
  return (
    <>
      <NavDropdown title={userName} id="user-menu" align="end" defaultShow={defaultShow}>
        <NavDropdown.Item as={Link} to={pathFor('profile')}>
          Profile
        </NavDropdown.Item>
        <NavDropdown.Divider />
        {/* A plain link: /logout ends the session with a full page load; changes not yet saved warn first. */}
        <NavDropdown.Item
          href={LOGOUT_PATH}
          onClick={(e) => {
            if (warning.intercept()) e.preventDefault();
          }}
        >
          Log Out
        </NavDropdown.Item>
      </NavDropdown>
      {warning.dialog}
    </>
  );
}
