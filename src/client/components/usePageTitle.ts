import { useEffect } from 'react'

import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants'

/** "{page} | Wandercards | Discover, Collect, and Share Unique Travel Cards with Your Memories" */
export function pageTitle(page: string): string {
  return `${page} | ${PRODUCT_NAME} | ${PRODUCT_TAGLINE}`
}

export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page)
  }, [page])
}
