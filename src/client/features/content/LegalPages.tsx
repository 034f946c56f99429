import { useLocation } from 'react-router-dom'

import { paths } from '../../lib/paths'

import { PrivacyPage } from './PrivacyPage'
import { TermsPage } from './TermsPage'

/** /terms and /privacy: one lazily loaded screen for both, so the first load carries one route loader, not two. */
export function LegalPages() {
  const { pathname } = useLocation()
  return pathname === paths.terms.path ? <TermsPage /> : <PrivacyPage />
}
