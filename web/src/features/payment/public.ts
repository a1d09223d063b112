/**
 * Paying by card (checkout, reactivation, tips and premium access, memberships, changing the saved card): the card form
 * with its wallet buttons, the bare card fields, and the read-only field the payment dialogs show. The rest is its own.
 */
export { CardPaymentForm, type CardPaymentFormProps, type PaymentIntentHandle } from './card-payment-form';
export { CardFields, useCardFields } from './card-fields';
export { ReadOnlyField } from './read-only-field';
