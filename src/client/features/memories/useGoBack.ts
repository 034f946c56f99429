import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

/** Goes back in the app's history, or to `fallback` when the page was opened directly (nothing in the app to go back to). */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate()
  const { key } = useLocation()
  return useCallback(() => {
    if (key !== 'default') navigate(-1)
    else navigate(fallback, { replace: true })
  }, [fallback, key, navigate])
}
