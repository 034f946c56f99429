import { AccountDataSection } from '../../features/account/components/AccountDataSection'
import { BlockedTravellers } from '../../features/blocks/components/BlockedTravellers'
import { EmailPreferencesSection } from '../../features/mail/components/EmailPreferencesSection'
import { MyAccountPage } from '../../features/session/MyAccountPage'

/**
 * /myAccount: the session feature's profile with the mail feature's "E-mails" section (the daily digest), the blocks
 * feature's blocked and muted travellers, and the account feature's "Your data" section (export, deletion).
 */
export function MyAccountRoute() {
  return (
    <MyAccountPage
      renderAccountData={(user) => (
        <>
          <EmailPreferencesSection />
          <BlockedTravellers />
          <AccountDataSection user={user} />
        </>
      )}
    />
  )
}
