import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput'

export interface OutlinedTextFieldProps extends Omit<OutlinedInputProps, 'label' | 'id'> {
  id: string
  label: string
  helperText?: string
}

/**
 * An outlined text field built from its parts. MUI's TextField also carries its Select variant (menus, popovers,
 * modals) into the bundle; screens on the first load, such as the home page's sign-up form, use this instead.
 */
export function OutlinedTextField({ id, label, helperText, error, fullWidth, ...inputProps }: OutlinedTextFieldProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperId} {...inputProps} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  )
}
