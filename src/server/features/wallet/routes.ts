import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/requestUser'
import { recordOperatorAction } from '../operator/auditLog'
import { operatorUserId } from '../operator/requestOperator'

import * as walletConsole from './console'
import { registerCreditMetrics } from './metrics'
import { selectPaymentProvider } from './payments/selectPaymentProvider'
import { TestModeProvider } from './payments/testModeProvider'
import { getReferralRewards } from './referrals'
import * as walletService from './service'
import { getSpendingLimit, setSpendingLimit } from './spendingLimits'

export const walletRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const provider = selectPaymentProvider(fastify.config, fastify.db)
  registerCreditMetrics(fastify)
  const paymentProvider = () => {
    if (!provider)
      throw new AppError('Unavailable', 'Card payments are not available right now. Please try again later.')
    return provider
  }

  route(fastify, 'getCreditProducts', { onRequest: fastify.requireUser }, () =>
    walletService.getCreditProducts(fastify.db),
  )

  route(fastify, 'getMyCreditCertificates', { onRequest: fastify.requireUser }, (request) =>
    walletService.getMyCreditCertificates(fastify.db, userId(request)),
  )

  route(fastify, 'getReferralRewards', { onRequest: fastify.requireUser }, (request) =>
    getReferralRewards(fastify.db, userId(request)),
  )

  route(fastify, 'getSpendingLimit', { onRequest: fastify.requireUser }, (request) =>
    getSpendingLimit(fastify.db, userId(request)),
  )

  route(fastify, 'setSpendingLimit', { onRequest: fastify.requireUser }, (request) =>
    inTransaction(fastify.db, (trx) => setSpendingLimit(trx, userId(request), request.body.monthlyLimit)),
  )

  route(
    fastify,
    'createPaymentIntent',
    { onRequest: fastify.requireUser, config: { limits: ['createPaymentIntent'] } },
    (request) =>
      walletService.createPaymentIntent(
        fastify.db,
        paymentProvider(),
        userId(request),
        request.body.selectedCreditProduct,
      ),
  )

  route(fastify, 'verifyPaymentIntent', { onRequest: fastify.requireUser }, async (request) => {
    const result = await walletService.verifyPaymentIntent(
      fastify.db,
      paymentProvider(),
      userId(request),
      request.body.paymentIntentId,
    )
    // A fulfilment records its receipt; this instance sends it now rather than at the next delivery run.
    fastify.mail?.nudge()
    return result
  })

  route(
    fastify,
    'redeemCreditCertificate',
    { onRequest: fastify.requireUser, config: { limits: ['redeemCertificate'] } },
    (request) =>
      inTransaction(fastify.db, (trx) =>
        walletService.redeemCreditCertificate(trx, userId(request), request.body.redeemCode),
      ),
  )

  if (provider instanceof TestModeProvider) {
    route(fastify, 'confirmTestModePayment', { config: { limits: ['testModeConfirmPayment'] } }, async (request) => {
      const result = await walletService.confirmTestPayment(fastify.db, provider, request.body)
      fastify.mail?.nudge()
      return result
    })
  }

  // The console's Payments screen (docs/product.md#console-payments): operator calls, guarded by requireOperator.
  route(fastify, 'getConsolePayments', { onRequest: fastify.requireOperator }, (request) =>
    walletConsole.getConsolePayments(fastify.db, provider, request.query),
  )

  route(fastify, 'refundPurchase', { onRequest: fastify.requireOperator }, async (request) => {
    const operator = operatorUserId(request)
    const { providerPaymentId, reason } = request.body
    const payment = await walletConsole.refundPurchase(
      fastify.db,
      paymentProvider(),
      providerPaymentId,
      (trx, outcome) =>
        recordOperatorAction(trx, {
          operatorUserId: operator,
          action: 'payment.refund',
          targetType: 'payment',
          targetId: providerPaymentId,
          reason,
          details: { outcome },
        }).then(() => undefined),
    )
    fastify.mail?.nudge()
    return { payment }
  })
}
