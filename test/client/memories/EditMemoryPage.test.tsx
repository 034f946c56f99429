import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router-dom'

import { TEXTS } from '@shared/texts'
import { EditMemoryPage } from '@client/features/memories/EditMemoryPage'
import { paths } from '@client/lib/paths'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { makeMemory } from './fixtures'

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

function renderEdit(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.editMemory.path} element={<EditMemoryPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: path },
  )
}

jest.setTimeout(20_000)

describe('EditMemoryPage', () => {
  it('prefills the form and saves the changes', async () => {
    let saved: unknown = null
    server.use(
      onGet('/memory/getMemory', makeMemory()),
      onPost('/memory/updateMemory', (_request, body) => {
        saved = body
        return null
      }),
    )
    const { user } = renderEdit('/editMemory/m1')

    const content = await screen.findByRole('textbox', { name: 'Your memory' })
    expect(content).toHaveValue('Tram 28 up to the castle at sunset.')
    expect(screen.getByLabelText(/Start date/)).toHaveValue('2025-05-01')
    expect(screen.getByLabelText(/End date/)).toHaveValue('2025-05-07')
    expect(screen.getByRole('button', { name: '@jo' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Picture 1' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText(/End date/), { target: { value: '2025-05-09' } })
    await user.click(screen.getByRole('button', { name: 'Remove picture 1' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(TEXTS.memoryUpdated)).toBeInTheDocument()
    expect(saved).toEqual({
      memoryId: 'm1',
      memoryStartDate: '2025-05-01',
      memoryEndDate: '2025-05-09',
      memoryContent: 'Tram 28 up to the castle at sunset.',
      memoryPictures: [],
      taggedFriends: ['u-jo'],
      visibility: 3,
    })
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/viewMemory/m1'))
  })

  it('tells a non-owner the memory is not found or not theirs', async () => {
    server.use(onGet('/memory/getMemory', makeMemory({ isOwner: false })))
    renderEdit('/editMemory/m1')
    expect(await screen.findByText(TEXTS.memoryNotFound)).toBeInTheDocument()
  })

  it('shows the same page for an unknown memory', async () => {
    server.use(onGet('/memory/getMemory', () => refusal(404, 'NotFound', 'Memory not found', true)))
    renderEdit('/editMemory/m9')
    expect(await screen.findByText(TEXTS.memoryNotFound)).toBeInTheDocument()
  })

  it('shows the same page without a memory id', async () => {
    renderEdit('/editMemory')
    expect(await screen.findByText(TEXTS.memoryNotFound)).toBeInTheDocument()
  })

  it('offers a retry, not "not found", when the server fails to load the memory', async () => {
    server.use(onGet('/memory/getMemory', () => refusal(503, 'Unavailable', 'Try again soon', true)))
    renderEdit('/editMemory/m1')
    expect(await screen.findByText(TEXTS.technicalProblem('Try again soon'))).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.queryByText(TEXTS.memoryNotFound)).not.toBeInTheDocument()
  })
})
