import * as mailCalls from '@shared/calls/mail'
import type { CallBody, CallResponse } from '@shared/calls/schemas'
import type { EmailPreferences } from '@shared/mail'

import { baseApi } from '../../api/baseApi'

/**
 * The e-mails a traveller chooses (docs/product.md#e-mails): the digest setting of My Account. "Get Notified" is the
 * Acquire Cards page's own call (acquire/api.ts), so the two lazy pages share no new chunk.
 */
export const mailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEmailPreferences: build.query<CallResponse<'getEmailPreferences'>, void>({
      query: () => mailCalls.getEmailPreferences,
      // The section says a failed load in place, with "Try again".
      extraOptions: { silentErrors: true },
    }),
    setEmailPreferences: build.mutation<CallResponse<'setEmailPreferences'>, CallBody<'setEmailPreferences'>>({
      query: (body) => ({ ...mailCalls.setEmailPreferences, body }),
      // The answer is the stored setting: it replaces the cached one, so no tag is needed.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        let stored: EmailPreferences
        try {
          stored = (await queryFulfilled).data
        } catch {
          return
        }
        void dispatch(mailApi.util.upsertQueryData('getEmailPreferences', undefined, stored))
      },
    }),
  }),
})

export const { useGetEmailPreferencesQuery, useSetEmailPreferencesMutation } = mailApi
