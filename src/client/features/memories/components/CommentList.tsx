import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

import type { Comment, CommentReply } from '@shared/memories'
import { TEXTS } from '@shared/texts'

import { FriendName } from '../../../components/MemoryDetails'
import type { RenderReportAction } from '../../../components/reportAction'
import type { RenderTravellerActions } from '../../../components/travellerActions'
import { UserAvatar } from '../../../components/UserAvatar'
import { formatDate } from '../../../lib/format'

export interface ReplyTarget {
  memoryCommentId: string
  username: string
}

export interface CommentListProps {
  comments: Comment[]
  onReply: (target: ReplyTarget) => void
  /** The viewer's friends, whose names open their page. */
  friendIds?: ReadonlySet<string>
  /** Beside each other traveller's name (app/ composes it). */
  renderTravellerActions?: RenderTravellerActions
  /** Report, beside each other traveller's comment (app/ composes it). */
  renderReportAction?: RenderReportAction
}

/** Top comments with their replies beneath; replies are one level deep and name whom they answer. */
export function CommentList({
  comments,
  onReply,
  friendIds,
  renderTravellerActions,
  renderReportAction,
}: CommentListProps) {
  if (comments.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {TEXTS.empty.comments}
      </Typography>
    )
  }
  return (
    <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {comments.map((comment) => (
        <li key={comment.memoryCommentId}>
          <CommentItem {...{ comment, onReply, friendIds, renderTravellerActions, renderReportAction }} />
          {comment.replies.length > 0 && (
            <Stack
              component="ol"
              spacing={1.5}
              aria-label={`Replies to ${comment.username}`}
              sx={{
                listStyle: 'none',
                m: 0,
                mt: 1.5,
                p: 0,
                pl: { xs: 3, sm: 6 },
                borderLeft: 2,
                borderColor: 'divider',
              }}
            >
              {comment.replies.map((reply) => (
                <li key={reply.memoryCommentId}>
                  <CommentItem
                    comment={reply}
                    {...{ onReply, friendIds, renderTravellerActions, renderReportAction }}
                  />
                </li>
              ))}
            </Stack>
          )}
        </li>
      ))}
    </Stack>
  )
}

interface CommentItemProps {
  comment: CommentReply
  onReply: (target: ReplyTarget) => void
  friendIds?: ReadonlySet<string>
  renderTravellerActions?: RenderTravellerActions
  renderReportAction?: RenderReportAction
}

function CommentItem({ comment, onReply, friendIds, renderTravellerActions, renderReportAction }: CommentItemProps) {
  return (
    <Stack direction="row" spacing={1.5} component="article" aria-label={`Comment by ${comment.username}`}>
      <UserAvatar avatarId={comment.avatarId} username={comment.username} size={36} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            <FriendName userId={comment.userId} friendIds={friendIds}>
              {comment.username}
            </FriendName>
          </Typography>
          {comment.isAuthor && <Chip size="small" color="primary" label="Author" />}
          {comment.isMine && <Chip size="small" color="secondary" label="Me" />}
          <Typography component="span" variant="caption" color="text.secondary">
            Level {comment.userLevel} · {formatDate(comment.createdAt)}
          </Typography>
          {!comment.isMine && renderTravellerActions?.(comment)}
          {!comment.isMine &&
            renderReportAction?.({ itemType: 'comment', itemId: comment.memoryCommentId, username: comment.username })}
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '75ch' }}>
          {comment.replyToComment && comment.replyToCommentId && (
            <Box component="span" sx={{ color: 'primary.main' }}>
              @{comment.replyToComment.username}{' '}
            </Box>
          )}
          {comment.commentContent}
        </Typography>
        <Button
          size="small"
          onClick={() => onReply({ memoryCommentId: comment.memoryCommentId, username: comment.username })}
          aria-label={`Reply to ${comment.username}`}
        >
          Reply
        </Button>
      </Box>
    </Stack>
  )
}
