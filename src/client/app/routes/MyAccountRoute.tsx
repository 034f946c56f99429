import { AccountDataSection } from '../../features/account/components/AccountDataSection'
import { MyAccountPage } from '../../features/session/MyAccountPage'

/** /myAccount: the session feature's profile with the account feature's "Your data" section (export, deletion). */
export function MyAccountRoute() {
  return <MyAccountPage renderAccountData={(user) => <AccountDataSection user={user} />} />
}
