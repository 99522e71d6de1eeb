import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { adminAreas } from './admin-areas.tsx';
import { RequireAdminArea } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { paths } from '#lib/paths.ts';

/** A page's route below /admin: these routes match what is left of the path after it. */
const below = (path: string, element: ReactNode): RouteObject =>
  path === paths.admin.root
    ? { index: true, element }
    : { path: path.slice(paths.admin.root.length + 1), element };

// Each area's pages behind its permission, from the one registry of areas.
const adminRoutes: RouteObject[] = [
  ...adminAreas.map((area) => ({
    element: <RequireAdminArea permission={area.permission} />,
    children: area.pages.map((page) =>
      below(
        page.path,
        page.edits ? (
          <RequireAdminArea permission={area.permission} edits>
            {page.element}
          </RequireAdminArea>
        ) : (
          page.element
        ),
      ),
    ),
  })),
  { path: '*', element: <NotFoundPage /> },
];

/** The administration's pages (under /admin), built from the registry of areas. */
export function AdminAreaRoutes() {
  return useRoutes(adminRoutes);
}
