/** An employer identification number as it is written: XX-XXXXXXX. */
export const einPattern = /^\d{2}-\d{7}$/;
