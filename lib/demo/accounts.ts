/** Demo logins, printed at first boot and listed in the README. */
export const DEMO_ADMIN = { email: "admin@legajo.demo", password: "legajo-admin-demo" };
export const DEMO_CUSTOMER = { email: "cliente@legajo.demo", password: "legajo-cliente-demo" };
