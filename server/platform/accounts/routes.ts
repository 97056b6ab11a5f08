// The module's HTTP routes, for the plugin that mounts its prefix; its services and types are in index.ts.
export { getPlayerInfoRoutes } from './get-player-info.handler';
export { loginRoutes } from './login.handler';
export { quickSignupCompletionRoutes } from './quick-signup-completion.handler';
export { quickSignupRoutes } from './quick-signup.handler';
export { signupRoutes } from './signup.handler';
export { getLtdDataRoutes } from './get-ltd-data.handler';
export { updatePasswordRoutes } from './update-password.handler';
export { updatePlayerInfoRoutes } from './update-player-info.handler';
