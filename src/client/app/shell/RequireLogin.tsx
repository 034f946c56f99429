import { Navigate, Outlet, useLocation } from 'react-router-dom'

import { PageSkeleton } from '../../components/PageSkeleton'
import { selectLoggedIn } from '../../features/session/api'
import { selectEndedBy } from '../../features/session/slice'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'

/** Visitors are sent to /login?from={path}; right after a logout they go home instead (docs/product.md#login-guard). */
export function RequireLogin() {
  const loggedIn = useAppSelector(selectLoggedIn)
  const endedBy = useAppSelector(selectEndedBy)
  const location = useLocation()
  // A stored session being checked: the screen's shape shows under the header while its code and first call arrive.
  if (loggedIn === null) return <PageSkeleton />
  if (!loggedIn) {
    if (endedBy === 'logout') return <Navigate to={paths.home.href()} replace />
    return <Navigate to={paths.login.href(location.pathname + location.search)} replace />
  }
  return <Outlet />
}
