import type { Mail } from "./send";

/**
 * The app's e-mails, in Spanish. Every link sits on a line of its own: clients make it clickable whole, and
 * nothing after it can be read as part of it.
 */
const SIGNATURE = "\n\n—\nLegajo\nSi no esperabas este correo, podés ignorarlo.";

export function verificationMail(to: string, link: string): Mail {
  return {
    to,
    subject: "Confirmá tu email en Legajo",
    text:
      "Hola:\n\nGracias por crear tu cuenta en Legajo. Para confirmar que este email es tuyo y activar el cupo de tu plan, " +
      `abrí este enlace (vence en 7 días):\n\n${link}\n${SIGNATURE}`,
  };
}

export function alreadyRegisteredMail(to: string, loginLink: string, resetLink: string): Mail {
  return {
    to,
    subject: "Ya tenés una cuenta en Legajo",
    text:
      "Hola:\n\nAlguien (quizás vos) intentó crear una cuenta en Legajo con este email, pero ya tenés una. " +
      "No creamos nada nuevo.\n\nPara ingresar:\n\n" +
      `${loginLink}\n\nSi no recordás la contraseña, podés elegir una nueva acá:\n\n${resetLink}\n${SIGNATURE}`,
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: "Elegí una contraseña nueva para Legajo",
    text:
      "Hola:\n\nPediste elegir una contraseña nueva para tu cuenta de Legajo. Abrí este enlace (vence en una hora y " +
      `sirve una sola vez):\n\n${link}\n\nAl cambiarla se cierran todas las sesiones abiertas de tu cuenta.${SIGNATURE}`,
  };
}

export function passwordChangedMail(to: string, resetLink: string): Mail {
  return {
    to,
    subject: "Cambiaste tu contraseña de Legajo",
    text:
      "Hola:\n\nLa contraseña de tu cuenta de Legajo acaba de cambiar y se cerraron todas las sesiones abiertas.\n\n" +
      `Si no fuiste vos, elegí una contraseña nueva ya mismo:\n\n${resetLink}\n${SIGNATURE}`,
  };
}
