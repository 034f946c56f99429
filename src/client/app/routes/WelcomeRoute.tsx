import { WelcomePage } from '../../features/session/WelcomePage'
import { WelcomeGift } from '../../features/wallet/components/WelcomeGift'

/** /welcome: the session feature's greeting with the wallet feature's gifts, redeemable in place. */
export function WelcomeRoute() {
  return <WelcomePage gift={<WelcomeGift />} />
}
