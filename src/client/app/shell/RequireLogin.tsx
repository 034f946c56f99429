import { Navigate, Outlet, useLocation } from 'react-router-dom'

import { LoadingState } from '../../components/LoadingState'
import { selectLoggedIn } from '../../features/session/api'
import { selectEndedBy } from '../../features/session/slice'
import { useAppSelector } from '../hooks'
import { paths } from '../paths'

/** Visitors are sent to /login?from={path}; right after a logout they go home instead (docs/product.md#login-guard). */
export function RequireLogin() {
  const loggedIn = useAppSelector(selectLoggedIn)
  const endedBy = useAppSelector(selectEndedBy)
  const location = useLocation()
  if (loggedIn === null) return <LoadingState label="Loading your account" />
  if (!loggedIn) {
    if (endedBy === 'logout') return <Navigate to={paths.home.href()} replace />
    return <Navigate to={paths.login.href(location.pathname + location.search)} replace />
  }
  return <Outlet />
}
