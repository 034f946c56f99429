import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import {
  ConsolePaymentsQuerySchema,
  ConsolePaymentsSchema,
  RefundPurchaseBodySchema,
  RefundPurchaseResultSchema,
} from '@shared/consolePayments'
import { envelope } from '@shared/envelope'
import {
  CreatePaymentIntentBodySchema,
  CreatePaymentIntentResultSchema,
  CreditCertificateSchema,
  CreditProductSchema,
  RedeemCreditCertificateBodySchema,
  ReferralRewardsResultSchema,
  RedeemCreditCertificateResultSchema,
  SetSpendingLimitBodySchema,
  SpendingLimitSchema,
  TestModeConfirmBodySchema,
  TestModeConfirmResultSchema,
  VerifyPaymentIntentBodySchema,
  VerifyPaymentIntentResultSchema,
} from '@shared/wallet'

import { inTransaction } from '../../db/transactions'
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

  fastify.get(
    '/payment/getCreditProducts',
    { schema: { response: { 200: envelope(Type.Array(CreditProductSchema)) } }, onRequest: fastify.requireUser },
    () => walletService.getCreditProducts(fastify.db),
  )

  fastify.get(
    '/payment/getMyCreditCertificates',
    { schema: { response: { 200: envelope(Type.Array(CreditCertificateSchema)) } }, onRequest: fastify.requireUser },
    (request) => walletService.getMyCreditCertificates(fastify.db, userId(request)),
  )

  fastify.get(
    '/getReferralRewards',
    { schema: { response: { 200: envelope(ReferralRewardsResultSchema) } }, onRequest: fastify.requireUser },
    (request) => getReferralRewards(fastify.db, userId(request)),
  )

  fastify.get(
    '/payment/getSpendingLimit',
    { schema: { response: { 200: envelope(SpendingLimitSchema) } }, onRequest: fastify.requireUser },
    (request) => getSpendingLimit(fastify.db, userId(request)),
  )

  fastify.post(
    '/payment/setSpendingLimit',
    {
      schema: { body: SetSpendingLimitBodySchema, response: { 200: envelope(SpendingLimitSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) => inTransaction(fastify.db, (trx) => setSpendingLimit(trx, userId(request), request.body.monthlyLimit)),
  )

  fastify.post(
    '/payment/createPaymentIntent',
    {
      schema: { body: CreatePaymentIntentBodySchema, response: { 200: envelope(CreatePaymentIntentResultSchema) } },
      onRequest: fastify.requireUser,
      config: { limits: ['createPaymentIntent'] },
    },
    (request) =>
      walletService.createPaymentIntent(
        fastify.db,
        paymentProvider(),
        userId(request),
        request.body.selectedCreditProduct,
      ),
  )

  fastify.post(
    '/payment/verifyPaymentIntent',
    {
      schema: { body: VerifyPaymentIntentBodySchema, response: { 200: envelope(VerifyPaymentIntentResultSchema) } },
      onRequest: fastify.requireUser,
    },
    async (request) => {
      const result = await walletService.verifyPaymentIntent(
        fastify.db,
        paymentProvider(),
        userId(request),
        request.body.paymentIntentId,
      )
      // A fulfilment records its receipt; this instance sends it now rather than at the next delivery run.
      fastify.mail?.nudge()
      return result
    },
  )

  fastify.post(
    '/payment/redeemCreditCertificate',
    {
      schema: {
        body: RedeemCreditCertificateBodySchema,
        response: { 200: envelope(RedeemCreditCertificateResultSchema) },
      },
      onRequest: fastify.requireUser,
      config: { limits: ['redeemCertificate'] },
    },
    (request) =>
      inTransaction(fastify.db, (trx) =>
        walletService.redeemCreditCertificate(trx, userId(request), request.body.redeemCode),
      ),
  )

  if (provider instanceof TestModeProvider) {
    fastify.post(
      '/payment/testMode/confirmPayment',
      {
        schema: { body: TestModeConfirmBodySchema, response: { 200: envelope(TestModeConfirmResultSchema) } },
        config: { limits: ['testModeConfirmPayment'] },
      },
      async (request) => {
        const result = await walletService.confirmTestPayment(fastify.db, provider, request.body)
        fastify.mail?.nudge()
        return result
      },
    )
  }

  // The console's Payments screen (docs/product.md#console-payments): operator calls, guarded by requireOperator.
  fastify.get(
    '/operator/payments',
    {
      schema: { querystring: ConsolePaymentsQuerySchema, response: { 200: envelope(ConsolePaymentsSchema) } },
      onRequest: fastify.requireOperator,
    },
    (request) => walletConsole.getConsolePayments(fastify.db, provider, request.query),
  )

  fastify.post(
    '/operator/payments/refund',
    {
      schema: { body: RefundPurchaseBodySchema, response: { 200: envelope(RefundPurchaseResultSchema) } },
      onRequest: fastify.requireOperator,
    },
    async (request) => {
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
    },
  )
}
