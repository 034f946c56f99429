import { useNavigate } from 'react-router-dom'

import { baseApi } from '../../api/baseApi'
import { sessionEnded } from '../../api/sessionEvents'
import { useAppDispatch } from '../../lib/hooks'
import { useLogoutMutation } from '../session/api'

/** Posts the logout, clears the session (credits to 0, token dropped, polling stopped) and goes home. */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [postLogout, { isLoading }] = useLogoutMutation()
  const logout = async () => {
    await postLogout().catch(() => undefined)
    dispatch(sessionEnded('logout'))
    navigate('/', { replace: true })
    // The cache is cleared once the signed-in screens have unmounted, so none of them refetches without a session.
    setTimeout(() => dispatch(baseApi.util.resetApiState()), 0)
  }
  return { logout, isLoggingOut: isLoading }
}
