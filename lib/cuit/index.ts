export { CUIT_TYPES, PERSON_TYPES, checkDigit, isCuitType, withCheckDigit, type CuitType } from "./check-digit";
export { computeCuil, cuilFromPadron, parseDni, resolveCuitOrDni } from "./dni";
export { formatCuit, validateCuit, type CuitCheck, type CuitReason } from "./validate";
