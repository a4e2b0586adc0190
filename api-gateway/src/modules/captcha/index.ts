// What the captcha module offers the rest of the gateway; other modules import only from here.
export { consumeSolvedCaptcha, devCaptchaAnswer } from './captcha-service';
export { registerCaptchaRoutes } from './routes';
