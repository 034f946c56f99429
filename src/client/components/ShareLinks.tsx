import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import {
  EmailIcon,
  EmailShareButton,
  FacebookIcon,
  FacebookShareButton,
  LineIcon,
  LineShareButton,
  LinkedinIcon,
  LinkedinShareButton,
  RedditIcon,
  RedditShareButton,
  XIcon,
  XShareButton,
} from 'react-share'

import { copyToClipboard } from '../lib/clipboard'
import { enqueueSnackbar } from '../lib/toast'

export const LINK_COPIED = 'Link copied to clipboard.'
const COPY_FAILED = 'Your browser did not allow copying. Please copy the link by hand.'

export interface ShareLinksProps {
  /** The share-host address: {SHARE_BASE_URL}/user|draw|card?shareId=… */
  url: string
  /** The text that goes with the link where a network takes one. */
  title: string
  /** Show the address in a read-only field as well. */
  showUrl?: boolean
  iconSize?: number
}

/** Share buttons for Facebook, X, Reddit, LinkedIn, Line and e-mail, plus copy link. */
export function ShareLinks({ url, title, showUrl = false, iconSize = 36 }: ShareLinksProps) {
  const handleCopy = async () => {
    const copied = await copyToClipboard(url)
    enqueueSnackbar(copied ? LINK_COPIED : COPY_FAILED, { variant: copied ? 'success' : 'warning' })
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {showUrl && (
        <TextField
          label="Share link"
          value={url}
          size="small"
          fullWidth
          slotProps={{
            htmlInput: {
              readOnly: true,
              onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select(),
            },
          }}
        />
      )}
      <Box role="group" aria-label="Share" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FacebookShareButton url={url} aria-label="Share on Facebook">
          <FacebookIcon size={iconSize} round />
        </FacebookShareButton>
        <XShareButton url={url} title={title} aria-label="Share on X">
          <XIcon size={iconSize} round />
        </XShareButton>
        <RedditShareButton url={url} title={title} aria-label="Share on Reddit">
          <RedditIcon size={iconSize} round />
        </RedditShareButton>
        <LinkedinShareButton url={url} title={title} aria-label="Share on LinkedIn">
          <LinkedinIcon size={iconSize} round />
        </LinkedinShareButton>
        <LineShareButton url={url} title={title} aria-label="Share on Line">
          <LineIcon size={iconSize} round />
        </LineShareButton>
        <EmailShareButton url={url} subject={title} body={`${title}\n`} aria-label="Share by e-mail">
          <EmailIcon size={iconSize} round />
        </EmailShareButton>
        <Tooltip title="Copy link">
          <IconButton
            onClick={handleCopy}
            aria-label="Copy link"
            sx={{ width: iconSize + 4, height: iconSize + 4, bgcolor: 'action.selected' }}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  )
}
