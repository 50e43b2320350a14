import { Navigate } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { afterSignIn } from './destination.ts';

/** Someone already signed in has no use for the sign-in and sign-up forms: send them on. */
export function AuthRedirect({ plan, pending }: { plan: string | null; pending: boolean }) {
  const { data: info } = useUserInfo();
  // While a submit is in flight its own success handler navigates; do not race it.
  if (pending || !isSignedIn(info)) return null;
  return <Navigate to={afterSignIn(info.name, plan)} replace />;
}
