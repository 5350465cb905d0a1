// The breadcrumb bar: route metadata trail, trimmed on phones.
import { Link } from 'react-router';
import { type Crumb, trimForPhone } from './breadcrumb-trail';
import { useIsPhone } from './use-media-query';

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const phone = useIsPhone();
  if (crumbs.length === 0) return null;
  const items = trimForPhone(crumbs, phone);
  return (
    <nav aria-label="breadcrumb" className="sd-breadcrumbs">
      <ol className="breadcrumb mb-0">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          if ('ellipsis' in item) {
            return (
              <li key="ellipsis" className="breadcrumb-item" aria-hidden="true">
                …
              </li>
            );
          }
          return (
            <li
              key={item.path}
              className={`breadcrumb-item${last ? ' active' : ''}`}
              aria-current={last ? 'page' : undefined}
            >
              {last ? item.label : <Link to={item.path}>{item.label}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
