import * as account from './account'
import * as acquire from './acquire'
import * as blocks from './blocks'
import * as catalogue from './catalogue'
import * as clientErrors from './clientErrors'
import * as collection from './collection'
import * as content from './content'
import * as emailVerification from './emailVerification'
import * as feed from './feed'
import * as friends from './friends'
import * as mail from './mail'
import * as memories from './memories'
import * as moderation from './moderation'
import * as notifications from './notifications'
import * as operator from './operator'
import * as photoImport from './photoImport'
import * as session from './session'
import * as travel from './travel'
import * as trips from './trips'
import * as wallet from './wallet'

export type { Call } from './call'

/**
 * Every call of the API by name: where a call is declared (docs/architecture.md#calls). The server registers each
 * route from its entry and schemas (`./schemas`); the web app imports the entries of its area's module (`./acquire`),
 * never this index, so that a screen's bundle carries only the calls it makes.
 *
 * What is not here, on purpose: addresses that are not the API's enveloped calls for the app. Pictures under
 * /api/image/ are loaded by `<img>` with a signed or public address; /api/health answers the orchestrator; the payment
 * provider's webhook and the unsubscribe page answer their senders; share pages (/s/…) are HTML for link previews.
 * The two downloads (`exportMyData`, `exportAuditLog`) are here: the app calls them like any other, only their success
 * is a file, which their schemas say by having no response.
 */
export const CALLS = {
  ...session,
  ...emailVerification,
  ...account,
  ...notifications,
  ...acquire,
  ...catalogue,
  ...collection,
  ...memories,
  ...photoImport,
  ...trips,
  ...feed,
  ...friends,
  ...blocks,
  ...content,
  ...clientErrors,
  ...mail,
  ...travel,
  ...wallet,
  ...moderation,
  ...operator,
}

/**
 * Each area's calls, for the check that no two areas declare the same name (a spread would keep only the last). The
 * `operator` area holds the operator calls (docs/security.md#operators), which the public OpenAPI document leaves out.
 */
export const CALL_AREAS = {
  session,
  emailVerification,
  account,
  notifications,
  acquire,
  catalogue,
  collection,
  memories,
  photoImport,
  trips,
  feed,
  friends,
  blocks,
  content,
  clientErrors,
  mail,
  travel,
  wallet,
  moderation,
  operator,
}

export type Calls = typeof CALLS
export type CallName = keyof Calls
