import type { EmailPreferences } from '@shared/mail'

import { baseApi } from '../../api/baseApi'

/** The e-mails a traveller chooses (docs/product.md#e-mails): the digest setting and "Get Notified". */
export const mailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEmailPreferences: build.query<EmailPreferences, void>({
      query: () => '/mail/getEmailPreferences',
      // The section says a failed load in place, with "Try again".
      extraOptions: { silentErrors: true },
    }),
    setEmailPreferences: build.mutation<EmailPreferences, EmailPreferences>({
      query: (body) => ({ url: '/mail/setEmailPreferences', method: 'POST', body }),
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
    requestPhysicalCardsNotice: build.mutation<null, void>({
      query: () => ({ url: '/mail/requestPhysicalCardsNotice', method: 'POST' }),
    }),
  }),
})

export const { useGetEmailPreferencesQuery, useSetEmailPreferencesMutation, useRequestPhysicalCardsNoticeMutation } =
  mailApi
