import { Link } from 'react-router';
import { Button, buttonClassName } from './button.tsx';

/**
 * A record form's closing buttons: save (only for those who may change the record) and a link
 * back to the list, which stays for a read-only administrator.
 */
export function FormActions(props: {
  canSave: boolean;
  saving: boolean;
  saveLabel: string;
  cancelTo: string;
  cancelLabel: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      {props.canSave && (
        <Button type="submit" loading={props.saving}>
          {props.saveLabel}
        </Button>
      )}
      <Link to={props.cancelTo} className={buttonClassName({ variant: 'secondary' })}>
        {props.cancelLabel}
      </Link>
    </div>
  );
}
