import { LoginScreen } from './login/LoginScreen';

/** Route /login: connect to a Fever or Google Reader API server (see docs/sync.md). */
export function Login() {
  return <LoginScreen />;
}
