import { MyAccountPage } from '../../features/account/MyAccountPage'
import { BlockedTravellers } from '../../features/blocks/components/BlockedTravellers'
import { EmailPreferencesSection } from '../../features/mail/components/EmailPreferencesSection'

/** /myAccount: the account feature's page with the mail feature's "E-mails" section (the daily digest) and the blocks feature's blocked and muted travellers. */
export function MyAccountRoute() {
  return (
    <MyAccountPage
      renderOtherSections={() => (
        <>
          <EmailPreferencesSection />
          <BlockedTravellers />
        </>
      )}
    />
  )
}
