import Box from '@mui/material/Box'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink, useLocation, useRoutes } from 'react-router-dom'

import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'

import { useGetSecondFactorQuery } from './api'
import { AuditLogScreen } from './AuditLogScreen'
import { ConsoleHome } from './ConsoleHome'
import { ContentRequestsScreen } from './ContentRequestsScreen'
import { PaymentsScreen } from './PaymentsScreen'
import { SecondFactorScreen } from './SecondFactorScreen'
import { TravellerScreen } from './TravellerScreen'
import { TravellersScreen } from './TravellersScreen'

/** A section of the console: its path under /console, its tab label, and its screen. */
export interface ConsoleSection {
  path: string
  label: string
  element: ReactNode
}

/**
 * The console's own sections in tab order. The moderation queue (`/console/moderation`) belongs to the feature that
 * owns reports: app/ hands it in as a section, shown between Home and Content Requests.
 */
export const CONSOLE_SECTIONS: ConsoleSection[] = [
  { path: 'contentRequests', label: 'Content Requests', element: <ContentRequestsScreen /> },
  { path: 'travellers', label: 'Travellers', element: <TravellersScreen /> },
  { path: 'payments', label: 'Payments', element: <PaymentsScreen /> },
  { path: 'auditLog', label: 'Audit Log', element: <AuditLogScreen /> },
]

export interface ConsoleAppProps {
  /** What the app shows for an address it does not know: the console looks the same to anyone but an operator. */
  notFound: ReactNode
  /** Sections other features own (moderation), composed by app/, shown before the console's own. */
  sections?: ConsoleSection[]
}

/**
 * /console (docs/product.md#console): asks the server whether this session is an operator's. A traveller's answer is
 * the unknown-route one, and the console shows "Page Not Found"; an operator passes the second factor (enrolling an
 * authenticator app the first time) before any section opens.
 */
export function ConsoleApp({ notFound, sections = [] }: ConsoleAppProps) {
  usePageTitle('Console')
  const { data: status, error, isLoading, isFetching, refetch } = useGetSecondFactorQuery()
  if (isLoading) return <LoadingState label="Opening the console" />
  if (error && 'status' in error && error.status === 404) return <>{notFound}</>
  if (!status) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (!status.verified) return <SecondFactorScreen enrolled={status.enrolled} />
  return <ConsoleShell sections={[...sections, ...CONSOLE_SECTIONS]} />
}

function ConsoleShell({ sections }: { sections: ConsoleSection[] }) {
  const { pathname } = useLocation()
  const section = pathname.split('/')[2] ?? ''
  const current = sections.some((entry) => entry.path === section) ? section : ''
  // useRoutes, as the app's own router does: <Routes> would add react-router's JSX route reader to the first load.
  const routes = useRoutes([
    { index: true, element: <ConsoleHome sections={sections} /> },
    ...sections.map((entry) => ({ path: entry.path, element: entry.element })),
    { path: 'travellers/:userId', element: <TravellerScreen /> },
    { path: '*', element: <Typography>There is no such part of the console.</Typography> },
  ])
  return (
    <Box sx={{ width: '100%', maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
        Console
      </Typography>
      <Box component="nav" aria-label="Console sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
          <Tab label="Home" value="" component={RouterLink} to="/console" />
          {sections.map((entry) => (
            <Tab
              key={entry.path}
              label={entry.label}
              value={entry.path}
              component={RouterLink}
              to={`/console/${entry.path}`}
            />
          ))}
        </Tabs>
      </Box>
      {routes}
    </Box>
  )
}
