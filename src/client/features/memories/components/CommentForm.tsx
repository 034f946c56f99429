import CloseIcon from '@mui/icons-material/Close'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState, type SubmitEvent, type Ref } from 'react'

import { COMMENT_MAX_LENGTH } from '@shared/constants'
import type { Memory } from '@shared/memories'

import { placeOf, usePostCommentMutation } from '../api'

import type { ReplyTarget } from './CommentList'

export interface CommentFormProps {
  memory: Pick<Memory, 'memoryId' | 'userCardId' | 'cardId'>
  replyTo: ReplyTarget | null
  onCancelReply: () => void
  inputRef?: Ref<HTMLTextAreaElement>
}

/** A new comment, or a reply to the chosen one; an empty text is not posted. Posting reloads the memory. */
export function CommentForm({ memory, replyTo, onCancelReply, inputRef }: CommentFormProps) {
  const [text, setText] = useState('')
  const [postComment, { isLoading }] = usePostCommentMutation()
  const content = text.trim()

  async function handleSubmit(event: SubmitEvent) {
    event.preventDefault()
    const form = event.currentTarget
    if (!content || isLoading) return
    try {
      await postComment({
        memoryId: memory.memoryId,
        commentContent: content,
        replyToCommentId: replyTo?.memoryCommentId ?? null,
        place: placeOf(memory),
      }).unwrap()
      setText('')
      onCancelReply()
      // Post is disabled once the text is empty, which would drop the focus; the field keeps it for the next comment.
      form.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden])')?.focus()
    } catch {
      // The failure is already shown as a toast; the text stays for another try.
    }
  }

  return (
    <Stack component="form" spacing={1.5} onSubmit={handleSubmit} aria-label="New comment">
      {replyTo && (
        <Alert
          severity="info"
          icon={false}
          action={
            <IconButton aria-label="Cancel reply" size="small" onClick={onCancelReply}>
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          Replying to {replyTo.username}
        </Alert>
      )}
      <TextField
        label={replyTo ? `Reply to ${replyTo.username}` : 'Write a comment'}
        multiline
        minRows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        inputRef={inputRef}
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!content} loading={isLoading}>
          Post
        </Button>
      </Stack>
    </Stack>
  )
}
