import type { UiCatalogue } from './ui-catalogue.ts';
import { uiEnAdminContent } from './ui-en-admin-content.ts';
import { uiEnAdminSettings } from './ui-en-admin-settings.ts';
import { uiEnSso } from './ui-en-sso.ts';
import { uiEnAdmin } from './ui-en-admin.ts';
import { uiEnHr } from './ui-en-hr.ts';
import { uiEnKit } from './ui-en-kit.ts';
import { uiEnPortal } from './ui-en-portal.ts';
import { uiEnPortalSearch } from './ui-en-search.ts';
import { uiEnPortalSurveys, uiEnAdminSurveys } from './ui-en-surveys.ts';
import { uiEnTimeline } from './ui-en-timeline.ts';
import { uiEnTv } from './ui-en-tv.ts';

/**
 * The web app's texts in English, the fallback language. The areas' texts are in files of their
 * own (`ui-en-<area>.ts`), joined here.
 */
export const uiEn: UiCatalogue = {
  common: {
    offline: 'No connection — showing what was saved',
    newVersion: 'A new version is available',
    update: 'Update',
    cancel: 'Cancel',
    select: 'Select',
    close: 'Close',
    back: 'Back',
    loading: 'Loading…',
    retry: 'Try again',
    understood: 'Got it',
    skipToContent: 'Skip to content',
    reloadRecord: 'Reload',
    staleRecordTitle: 'Out-of-date record',
  },
  brand: {
    name: 'Elo',
    tagline: 'Corporate communication',
    logoAlt: '{{name}} logo',
  },
  language: {
    label: 'Language',
    switcher: 'Choose language',
  },
  apiErrors: {
    default: 'An unexpected error occurred. Please try again.',
    network: 'Could not reach the server. Check your connection and try again.',
    timeout: 'The server took too long to answer. Please try again.',
    loadData: 'Could not load the data',
  },
  auth: {
    login: {
      title: 'Sign in to Elo',
      subtitle: 'Use your e-mail or your employee number.',
      loginLabel: 'Login',
      loginHint: 'E-mail or employee number',
      passwordLabel: 'Password',
      submit: 'Sign in',
      submitting: 'Signing in…',
      firstAccessAction: 'Complete the first access',
      helpNav: 'Help signing in',
      firstAccess: 'First access',
      forgotByEmail: 'I forgot my password (receive it by e-mail)',
      forgotByMatricula: 'I forgot my password (use my employee number)',
      ssoOffer: 'Sign in with the company account',
      ssoOfferHint: 'Your company uses corporate sign-in: use your work account.',
      ssoRedirecting: "Taking you to the company's sign-in…",
    },
    ssoComplete: {
      inProgress: 'Finishing the sign-in…',
      failed: 'Signing in with the company account could not be finished.',
      back: 'Back to the login page',
    },
    logout: {
      inProgress: 'Signing out…',
    },
    access: {
      backToLogin: 'Back to sign in',
      goToLogin: 'Go to sign in',
      smsCodeLabel: 'Code received by SMS',
      smsCodeHint: 'The 6 digits in the message.',
      lastDigitsLabel: 'Last 4 digits of your mobile',
      lastDigitsHint: 'The last 4 digits of the mobile number your company has on file.',
      newPasswordLabel: 'New password',
      newPasswordHint: 'At least 8 characters. Do not use your login, your birth date or a common password.',
      confirmPasswordLabel: 'Confirm the new password',
      confirmPasswordHint: 'Type the new password once more.',
      saveNewPassword: 'Save new password',
    },
    firstAccess: {
      title: 'First access',
      intro: 'Use the details your company gave you. Next, you confirm your mobile and create your password.',
      loginLabel: 'Login',
      loginHint: 'E-mail or employee number',
      provisionalPasswordLabel: 'Provisional password',
      provisionalPasswordHint: 'The password your company gave you.',
      birthDateLabel: 'Birth date',
      birthDateHint: 'The date in your company records.',
      submit: 'Continue',
      flowMissing: 'To continue your first access, enter your details again.',
    },
    firstAccessPhone: {
      title: 'First access: mobile confirmation',
      confirmHeading: 'Confirm your mobile',
      confirmIntro:
        'Enter the last 4 digits of the mobile number your company has on file. We will send a code to it by SMS.',
      confirm: 'Confirm',
      registerHeading: 'Register your mobile',
      registerIntro:
        'There is no mobile number on file for you. Enter the number that will receive the code by SMS.',
      ddiLabel: 'Country code',
      ddiHint: 'Digits only. Brazil: 55.',
      phoneLabel: 'Mobile with area code',
      phoneHint: 'Digits only, with the area code. Example: 11987654321.',
      sendCode: 'Send code',
      codeHeading: 'Enter the code',
      codeSent: 'We sent a code by SMS to {{celularMascarado}}.',
      codeResent: 'We sent a new code by SMS to {{celularMascarado}}.',
      validateCode: 'Check code',
      resendCode: 'Resend code',
      resendIn_one: 'You can resend the code in {{count}} second.',
      resendIn_other: 'You can resend the code in {{count}} seconds.',
      passwordHeading: 'Create your new password',
      passwordIntro: 'Once saved, you are signed in to Elo with the new password.',
      startAgain: 'Start again',
    },
    passwordByEmail: {
      title: 'Request a password by e-mail',
      intro: 'Enter the e-mail you sign in with. We will send you a link to create a new password.',
      emailLabel: 'E-mail',
      emailHint: 'The e-mail of your login.',
      submit: 'Send link',
      sent: 'If the e-mail is registered, you will receive a link to create a new password.',
      sentHint: 'Check your spam folder too. The link can be used only once.',
      otherWayQuestion: 'Do you sign in with your employee number?',
      otherWayLink: 'Request a password by employee number',
    },
    passwordByMatricula: {
      title: 'Request a password by employee number',
      intro:
        'Enter your employee number and the last 4 digits of the mobile on file. We will send you a code by SMS to create a new password.',
      matriculaLabel: 'Employee number',
      matriculaHint: 'Your employee number at the company.',
      submit: 'Request code',
      otherWayQuestion: 'Do you sign in with your e-mail?',
      otherWayLink: 'Request a password by e-mail',
    },
    passwordReset: {
      title: 'Reset password',
      intro: 'Choose your new password.',
      smsSent: 'If the details matched, we sent a code by SMS to your mobile.',
      requestLinkAgain: 'Request a new link',
      requestCodeAgain: 'Request a new code',
      noCode: 'Did not get the code?',
      changed: 'Password changed. Sign in with the new password.',
    },
  },
  guard: {
    loadingUser: 'Loading your data…',
    noPermissionTitle: 'You do not have access to this feature.',
    noPermissionDescription: 'Contact the administrator and ask for the permissions for this feature.',
    noPermissionLink: 'Learn more',
    notApprovedTitle: 'Administration',
    backToPortal: 'Back to the portal',
  },
  nav: {
    main: 'Main navigation',
    dashboard: 'Dashboard',
    timeline: 'Timeline',
    chat: 'Chat',
    surveys: 'Surveys',
    hrContact: 'Contact HR',
    unreadTickets_one: '{{count}} ticket with an unread message',
    unreadTickets_other: '{{count}} tickets with unread messages',
    unreadChat_one: '{{count}} unread chat message',
    unreadChat_other: '{{count}} unread chat messages',
  },
  userMenu: {
    open: 'User menu',
    admin: 'Administration',
    portal: 'Go to the portal',
    myAccount: 'My account',
    reminders: 'Reminders',
    language: 'Language',
    logout: 'Sign out',
  },
  breadcrumb: {
    label: 'You are here',
    home: 'Dashboard',
  },
  alert: {
    close: 'Close alert',
    region: 'Alerts',
  },
  toast: {
    label: 'Notification',
    close: 'Close notification',
    region: 'Notifications ({hotkey})',
  },
  notFound: {
    title: 'Page not found',
    description: 'The address you opened does not exist or was removed.',
    back: 'Back',
  },
  routeError: {
    title: 'Something went wrong',
    description: 'This page could not be opened. Check your connection and try again.',
    reload: 'Reload the page',
  },
  portal: { ...uiEnTimeline, ...uiEnPortal, surveys: uiEnPortalSurveys, search: uiEnPortalSearch },
  ...uiEnHr,
  ...uiEnKit,
  admin: { ...uiEnAdmin, ...uiEnAdminContent, ...uiEnAdminSettings, ...uiEnSso, surveys: uiEnAdminSurveys },
  ...uiEnTv,
};
