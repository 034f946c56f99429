import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'

export interface ListEndProps {
  hasNextPage: boolean
  loading: boolean
  onLoadMore: () => void
  /** Said once every page is shown. */
  endText: string
}

/** The foot of a paged list: Load More while pages remain (also the way on for keyboards), then what the end means. */
export function ListEnd({ hasNextPage, loading, onLoadMore, endText }: ListEndProps) {
  if (hasNextPage) {
    return (
      <Button onClick={onLoadMore} loading={loading} variant="outlined" sx={{ alignSelf: 'center' }}>
        Load More
      </Button>
    )
  }
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
      {endText}
    </Typography>
  )
}
