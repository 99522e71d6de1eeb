/**
 * The Portuguese texts of the access pages (first access, password by e-mail or matricula,
 * password reset): they join the catalogue when those pages load (access-texts.ts), so the
 * sign-in page's first load does not carry them.
 */
export const uiPtBRAccess = {
  auth: {
    access: {
      backToLogin: 'Voltar para o login',
      goToLogin: 'Ir para o login',
      smsCodeLabel: 'Código recebido por SMS',
      smsCodeHint: 'Os 6 números da mensagem.',
      lastDigitsLabel: 'Últimos 4 dígitos do celular',
      lastDigitsHint: 'Os 4 números do final do celular cadastrado na empresa.',
      newPasswordLabel: 'Nova senha',
      newPasswordHint:
        'No mínimo 8 caracteres. Não use o seu login, a sua data de nascimento nem uma senha comum.',
      confirmPasswordLabel: 'Confirme a nova senha',
      confirmPasswordHint: 'Digite a nova senha mais uma vez.',
      saveNewPassword: 'Salvar nova senha',
    },
    firstAccess: {
      title: 'Primeiro acesso',
      intro:
        'Use os dados que você recebeu da empresa. Em seguida, você confirma o celular e cria a sua senha.',
      loginLabel: 'Login',
      loginHint: 'E-mail ou matrícula',
      provisionalPasswordLabel: 'Senha provisória',
      provisionalPasswordHint: 'A senha que você recebeu da empresa.',
      birthDateLabel: 'Data de nascimento',
      birthDateHint: 'A data que está no seu cadastro na empresa.',
      submit: 'Continuar',
      flowMissing: 'Para continuar o primeiro acesso, informe os seus dados novamente.',
    },
    firstAccessPhone: {
      title: 'Primeiro acesso: confirmação do celular',
      confirmHeading: 'Confirme o seu celular',
      confirmIntro:
        'Informe os 4 últimos dígitos do celular cadastrado na empresa. Enviaremos um código por SMS para ele.',
      confirm: 'Confirmar',
      registerHeading: 'Cadastre o seu celular',
      registerIntro:
        'Não há um celular cadastrado para você. Informe o número que vai receber o código por SMS.',
      ddiLabel: 'DDI',
      ddiHint: 'O código do país. Brasil: 55.',
      phoneLabel: 'Celular com DDD',
      phoneHint: 'Só números, com o DDD. Exemplo: 11987654321.',
      sendCode: 'Enviar código',
      codeHeading: 'Digite o código',
      codeSent: 'Enviamos um código por SMS para {{celularMascarado}}.',
      codeResent: 'Enviamos um novo código por SMS para {{celularMascarado}}.',
      validateCode: 'Validar código',
      resendCode: 'Reenviar código',
      resendIn_one: 'Você poderá reenviar o código em {{count}} segundo.',
      resendIn_other: 'Você poderá reenviar o código em {{count}} segundos.',
      passwordHeading: 'Crie a sua nova senha',
      passwordIntro: 'Ao salvar, você já entra no Elo com a nova senha.',
      startAgain: 'Começar de novo',
    },
    passwordByEmail: {
      title: 'Solicitar senha por e-mail',
      intro: 'Informe o e-mail que você usa para entrar. Enviaremos um link para você criar uma nova senha.',
      emailLabel: 'E-mail',
      emailHint: 'O e-mail do seu login.',
      submit: 'Enviar link',
      sent: 'Se o e-mail estiver cadastrado, você receberá um link para criar uma nova senha.',
      sentHint: 'Confira também a caixa de spam. O link pode ser usado uma só vez.',
      otherWayQuestion: 'Entra com a matrícula?',
      otherWayLink: 'Solicitar senha por matrícula',
    },
    passwordByMatricula: {
      title: 'Solicitar senha por matrícula',
      intro:
        'Informe a sua matrícula e os 4 últimos dígitos do celular cadastrado. Enviaremos um código por SMS para você criar uma nova senha.',
      matriculaLabel: 'Matrícula',
      matriculaHint: 'O seu número de matrícula na empresa.',
      submit: 'Solicitar código',
      otherWayQuestion: 'Entra com o e-mail?',
      otherWayLink: 'Solicitar senha por e-mail',
    },
    passwordReset: {
      title: 'Redefinir senha',
      intro: 'Escolha a sua nova senha.',
      smsSent: 'Se os dados conferirem, enviamos um código por SMS para o seu celular.',
      requestLinkAgain: 'Solicitar um novo link',
      requestCodeAgain: 'Solicitar um novo código',
      noCode: 'Não recebeu o código?',
      changed: 'Senha alterada. Entre com a nova senha.',
    },
  },
} as const;
