// The top bar's search icon button: opens the search panel.
import Nav from 'react-bootstrap/Nav';
import { useSearchOptional } from './search-state';

export function SearchToggle() {
  const search = useSearchOptional();
  if (!search) return null;
  return (
    <Nav className="me-1 me-sm-2 order-lg-last ms-lg-2 me-lg-0">
      <Nav.Link
        as="button"
        type="button"
        className="btn btn-link sd-search-toggle"
        title="Search (/)"
        aria-haspopup="dialog"
        onClick={search.open}
      >
        <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
          <path d="M11.742 10.344a6.5 6.5 0 1 0-1.397 1.398h-.001l3.85 3.85a1 1 0 0 0 1.415-1.414l-3.85-3.85zM12 6.5a5.5 5.5 0 1 1-11 0 5.5 5.5 0 0 1 11 0" />
        </svg>
        {/* Text content, not aria-label, so label lookups of screens' own Search fields never find this button. */}
        <span className="visually-hidden">Search</span>
      </Nav.Link>
    </Nav>
  );
}
