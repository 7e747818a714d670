import { ComingSoon } from '../components/ComingSoon';

/** Route /login. */
export function Login() {
  return (
    <ComingSoon
      id="login"
      title="Sign in"
      line="Sign in to use a shared AI key on this server — coming in a later release."
    />
  );
}
