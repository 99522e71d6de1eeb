import { Navigate, useSearchParams } from 'react-router';
import { paths, queryParams } from '#lib/paths.ts';

/** /appportal (the mobile app's link) goes to the HR contact page, keeping only the idChamado query. */
export function AppPortalRedirect() {
  const [searchParams] = useSearchParams();
  const ticketId = searchParams.get(queryParams.ticketId);
  const search = ticketId === null ? '' : `?${new URLSearchParams({ [queryParams.ticketId]: ticketId })}`;
  return <Navigate to={{ pathname: paths.portal.hrContactAlias, search }} replace />;
}
