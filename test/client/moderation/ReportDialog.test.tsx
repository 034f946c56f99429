import { screen } from '@testing-library/react'

import { MODERATION_TEXTS } from '@shared/moderation'
import { ReportButton } from '@client/features/moderation/components/ReportButton'
import { onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

// MUI forms typed through user-event are slow on a busy machine.
jest.setTimeout(20_000)

const target = { itemType: 'memory', itemId: 'memory-1', username: 'anna' } as const

describe('Report', () => {
  it('opens the dialog from the button, sends the reason and the note, and confirms', async () => {
    let sent: unknown = null
    server.use(
      onPost('/moderation/report', (_request, body) => {
        sent = body
        return { message: MODERATION_TEXTS.reported }
      }),
    )
    const { user } = renderWithProviders(<ReportButton {...target} />)
    await user.click(screen.getByRole('button', { name: 'Report memory by anna' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this memory' })
    expect(dialog).toHaveTextContent(MODERATION_TEXTS.dialogIntro)
    const submit = screen.getByRole('button', { name: 'Send report' })
    expect(submit).toBeDisabled()
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Spam',
      'Harassment or bullying',
      'Hateful content',
      'Sexual content',
      'Private information',
      'Something else',
    ])
    await user.click(screen.getByRole('radio', { name: 'Harassment or bullying' }))
    await user.type(screen.getByRole('textbox', { name: MODERATION_TEXTS.noteLabel }), '  Insults in every comment ')
    await user.click(submit)
    expect(await screen.findByText(MODERATION_TEXTS.reported)).toBeInTheDocument()
    expect(sent).toEqual({
      itemType: 'memory',
      itemId: 'memory-1',
      reason: 'harassment',
      note: 'Insults in every comment',
    })
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('sends no note when none is written, and is usable from the keyboard', async () => {
    let sent: unknown = null
    server.use(
      onPost('/moderation/report', (_request, body) => {
        sent = body
        return { message: MODERATION_TEXTS.reported }
      }),
    )
    const { user } = renderWithProviders(<ReportButton itemType="traveller" itemId="user-2" username="ben" />)
    screen.getByRole('button', { name: 'Report ben' }).focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'Report this traveller' })
    await user.click(screen.getByRole('radio', { name: 'Spam' }))
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('radio', { name: 'Harassment or bullying' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    await screen.findByText(MODERATION_TEXTS.reported)
    expect(sent).toEqual({ itemType: 'traveller', itemId: 'user-2', reason: 'harassment' })
  })

  it('answers an item already reported with the already-reported text', async () => {
    server.use(onPost('/moderation/report', () => refusal(409, 'Conflict', MODERATION_TEXTS.alreadyReported, true)))
    const { user } = renderWithProviders(<ReportButton {...target} />)
    await user.click(screen.getByRole('button', { name: 'Report memory by anna' }))
    await user.click(await screen.findByRole('radio', { name: 'Spam' }))
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findAllByText(MODERATION_TEXTS.alreadyReported)).not.toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Send report' })).not.toBeInTheDocument()
  })

  it('shows a refusal in the dialog and keeps the choice to try again', async () => {
    server.use(onPost('/moderation/report', () => refusal(404, 'NotFound', 'Memory not found.', true)))
    const { user } = renderWithProviders(<ReportButton {...target} />)
    await user.click(screen.getByRole('button', { name: 'Report memory by anna' }))
    await user.click(await screen.findByRole('radio', { name: 'Sexual content' }))
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findAllByText('Memory not found.')).not.toHaveLength(0)
    expect(screen.getByRole('radio', { name: 'Sexual content' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Send report' })).toBeEnabled()
  })
})
