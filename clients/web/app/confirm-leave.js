// #confirm-leave: the page's own dialog before a report with answers is thrown away (never
// window.confirm, which a page cannot word, style or test as a person meets it).

/**
 * Opens the dialog; `onLeave()` runs when the user chooses to leave. Staying (the Stay
 * button, Escape) closes it and puts the focus back on `returnTo`. Nothing waits for the
 * answer: the page is idle while the person decides.
 */
export function confirmLeave({ returnTo, onLeave }) {
  const dialog = document.getElementById('confirm-leave');
  const stay = document.getElementById('confirm-leave-stay');
  const leave = document.getElementById('confirm-leave-yes');
  const finish = (leaving) => {
    stay.removeEventListener('click', onStay);
    leave.removeEventListener('click', onChosen);
    dialog.removeEventListener('cancel', onCancel);
    dialog.close();
    if (leaving) onLeave();
    else returnTo?.focus();
  };
  const onStay = () => finish(false);
  const onChosen = () => finish(true);
  const onCancel = (event) => {
    event.preventDefault();
    finish(false);
  };
  stay.addEventListener('click', onStay);
  leave.addEventListener('click', onChosen);
  dialog.addEventListener('cancel', onCancel);
  dialog.showModal();
  stay.focus(); // the safe choice first: Enter does not throw the report away
}
