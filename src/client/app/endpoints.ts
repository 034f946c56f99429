// Every feature's endpoint definitions (no screens), loaded as one chunk right after the first screen renders, so a
// recorded Redux DevTools session can replay a call of any screen, even one this page never opened
// (docs/qa-replay.md). The shell's own endpoints (session, notifications) are in the main bundle already.
import '../features/account/api'
import '../features/acquire/api'
import '../features/blocks/api'
import '../features/catalogue/api'
import '../features/collection/api'
import '../features/content/api'
import '../features/feed/api'
import '../features/friends/api'
import '../features/mail/api'
import '../features/memories/api'
import '../features/notifications/api'
import '../features/session/api'
import '../features/session/accountChangeApi'
import '../features/session/emailVerificationApi'
import '../features/travel/api'
import '../features/wallet/api'
