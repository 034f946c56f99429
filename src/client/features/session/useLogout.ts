import { useNavigate } from 'react-router-dom'

import { baseApi } from '../../api/baseApi'
import { sessionEnded } from '../../api/sessionEvents'
import { useAppDispatch } from '../../app/hooks'

import { useLogoutMutation } from './api'

/** Posts the logout, clears the session (credits to 0, token dropped, polling stopped) and goes home. */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [postLogout, { isLoading }] = useLogoutMutation()
  const logout = async () => {
    await postLogout().catch(() => undefined)
    dispatch(sessionEnded('logout'))
    dispatch(baseApi.util.resetApiState())
    navigate('/', { replace: true })
  }
  return { logout, isLoggingOut: isLoading }
}
