import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'

import type { MemoryPicture } from '@shared/memories'
import { PictureUploader } from '@client/features/memories/components/PictureUploader'
import { onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

function UploaderWithState() {
  const [pictures, setPictures] = useState<MemoryPicture[]>([])
  return <PictureUploader pictures={pictures} onChange={setPictures} />
}

describe('PictureUploader', () => {
  it('says the photo location is used once, sends the memory’s copy and tells what the check found', async () => {
    const asked: string[] = []
    server.use(
      onPost('/memory/uploadMemoryPicture', (request) => {
        asked.push(new URL(request.url).searchParams.get('userCardId') ?? '')
        return {
          visitCheck: { verdict: 'inside', placeName: 'Lisbon', takenOn: '2025-06-03' },
          pictureFileName: 'pic-1.jpg',
          url: '/api/image/memoryPicture?image=pic-1.jpg',
          width: 800,
          height: 600,
          variants: [],
        }
      }),
    )
    function WithCopy() {
      const [pictures, setPictures] = useState<MemoryPicture[]>([])
      return <PictureUploader userCardId="uc-lisbon" pictures={pictures} onChange={setPictures} />
    }
    renderWithProviders(<WithCopy />)
    expect(
      screen.getByText("Your photo's location is used once to verify your visit and then removed."),
    ).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Add Picture'), {
      target: { files: [new File(['jpeg'], 'tram.jpg', { type: 'image/jpeg' })] },
    })
    expect(await screen.findByText('Taken in Lisbon: saving this memory verifies your visit.')).toBeInTheDocument()
    expect(asked).toEqual(['uc-lisbon'])
  })

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

  it('gives the focus back to Add Picture once the upload it started has finished', async () => {
    server.use(
      onPost('/memory/uploadMemoryPicture', {
        visitCheck: { verdict: 'notChecked', placeName: null, takenOn: null },
        pictureFileName: 'pic-1.jpg',
        url: '/api/image/memoryPicture?image=pic-1.jpg',
        width: 800,
        height: 600,
        variants: [],
      }),
    )
    const openChooser = jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined)
    const { user } = renderWithProviders(<UploaderWithState />)

    await user.tab()
    await user.keyboard('{Enter}')
    const addPicture = screen.getByRole('button', { name: 'Add Picture' })
    fireEvent.change(screen.getByLabelText('Add Picture'), {
      target: { files: [new File(['jpeg'], 'tram.jpg', { type: 'image/jpeg' })] },
    })
    expect(addPicture).toBeDisabled()
    // A browser takes the focus from a control that becomes disabled; jsdom does not, so the test does it.
    addPicture.blur()
    expect(await screen.findByRole('button', { name: 'Remove picture 1' })).toBeInTheDocument()
    expect(addPicture).toBeEnabled()
    expect(addPicture).toHaveFocus()
    openChooser.mockRestore()
  })

  it('shows an uploaded picture through its tile copy, not the original', () => {
    const picture = {
      pictureFileName: 'p1.jpg',
      url: '/api/image/memoryPicture?image=p1.jpg&u=u&exp=1&sig=s',
      width: 2048,
      height: 1536,
      variants: [
        { width: 480, url: '/api/image/memoryPicture?image=p1.jpg&w=480&u=u&exp=1&sig=a' },
        { width: 960, url: '/api/image/memoryPicture?image=p1.jpg&w=960&u=u&exp=1&sig=b' },
      ],
    }
    renderWithProviders(<PictureUploader pictures={[picture]} onChange={jest.fn()} />)

    const tile = screen.getByRole('img', { name: 'Picture 1' })
    expect(tile).toHaveAttribute('srcset', `${picture.variants[0]?.url} 480w, ${picture.variants[1]?.url} 960w`)
    expect(tile.getAttribute('src')).not.toBe(picture.url)
  })
})
