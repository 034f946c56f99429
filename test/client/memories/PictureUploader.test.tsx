import { screen } from '@testing-library/react'

import { PictureUploader } from '@client/features/memories/components/PictureUploader'
import { renderWithProviders } from '@test/helpers/render'

describe('PictureUploader', () => {
  it('opens the file chooser from the keyboard, with Enter or Space on Add Picture, and has one tab stop', async () => {
    const openChooser = jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined)
    const { user } = renderWithProviders(<PictureUploader pictures={[]} onChange={jest.fn()} />)

    await user.tab()
    const addPicture = screen.getByRole('button', { name: 'Add Picture' })
    expect(addPicture).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(openChooser).toHaveBeenCalledTimes(1)
    await user.keyboard(' ')
    expect(openChooser).toHaveBeenCalledTimes(2)

    await user.tab()
    expect(document.body).toHaveFocus()
    openChooser.mockRestore()
  })
})
