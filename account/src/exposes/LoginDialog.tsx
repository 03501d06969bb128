import { LoginDialog } from '../features/login/components/LoginDialog';

export default LoginDialog;
