// The pages' own words, in English and Polish. Everything about fields and flows (titles,
// labels, hints, error messages, choices) comes from petflowd in the same language.

/** `count` and the form of a noun its number takes in `locale` (`forms`: by plural category). */
function counted(locale, count, forms) {
  const form = forms[new Intl.PluralRules(locale).select(count)] ?? forms.other;
  return `${count} ${form}`;
}

const EN_REPORTS = { one: 'pet report', other: 'pet reports' };
const PL_REPORTS = { one: 'zgłoszenie', few: 'zgłoszenia', many: 'zgłoszeń', other: 'zgłoszenia' };

export const STRINGS = {
  en: {
    siteName: 'petflowd demo',
    language: 'Language',
    reportsTitle: 'Report a pet',
    /** As many reports as flow/list offers: `--flows` may add some. */
    reportsIntro: (count) =>
      'This demo puts petflowd behind plain web form fields: it formats what you type as you ' +
      `type it, and walks you through ${counted('en', count, EN_REPORTS)} step by step. ` +
      'Nothing leaves this computer: no report is sent anywhere.',
    playgroundTitle: 'Field playground',
    playgroundIntro:
      'One field of each kind, formatted by petflowd as you type. Paste junk, use Arabic or ' +
      'fullwidth digits, undo and redo.',
    navLabel: 'Pages',
    navReports: 'Reports',
    navPlayground: 'Field playground',
    next: 'Continue',
    submit: 'Send report',
    back: 'Back',
    leave: 'Leave report',
    choose: 'Choose…',
    /** After the label of a field optional only on some answers (other labels carry their own). */
    optional: '(optional)',
    choosePhoto: 'Choose a photo',
    photoAttached: (name, size) => `Attached: ${name} (${size})`,
    photoNone: 'No photo attached.',
    removePhoto: 'Remove photo',
    kilobytes: (n) => `${n} KB`,
    notGiven: 'Not given',
    checkTitle: 'Check your answers before sending your report',
    change: 'Change',
    // A Change link petflowd refused (flow/goto's data.reason), in the check page's error summary.
    changeOffPath: (step) => `Your answers skip ‘${step}’: change the answer that decides it`,
    changeBlocked: (step, first) => `Answer ‘${first}’ first: ‘${step}’ comes after it`,
    changeUnknown: (step) => `This report has no step ‘${step}’`,
    changeRefused: (step) => `‘${step}’ cannot be changed now`,
    errorSummaryTitle: 'There is a problem',
    errorTitlePrefix: 'Error: ',
    errorLabel: 'Error:',
    sentTitle: 'Report sent',
    sentBody: 'This is a demo, so nothing was sent anywhere: your answers stay on this computer.',
    sentAnswers: 'Your answers',
    payloadSummary: 'The data an app would send (JSON)',
    startAgain: 'Start another report',
    confirmLeaveTitle: 'Leave this report?',
    confirmLeaveText: 'What you have entered will be thrown away. Nothing has been sent.',
    stay: 'Stay on this report',
    leaveConfirmed: 'Leave report',
    left: 'You left the report; nothing was sent.',
    resumed: 'Your report continues where you left it.',
    linkDown:
      'petflowd cannot be reached. What you type is kept, marked as waiting, and sent when the ' +
      'connection is back.',
    linkBack: 'The connection is back: everything you typed has been sent.',
    linkBackNothingTyped: 'The connection is back.',
    unreachable: (message) => `petflowd cannot be reached: ${message}`,
    value: 'Value',
  },
  pl: {
    siteName: 'demo petflowd',
    language: 'Język',
    reportsTitle: 'Zgłoś zwierzę',
    reportsIntro: (count) =>
      'To demo stawia petflowd za zwykłymi polami formularza: formatuje to, co wpisujesz, w ' +
      `trakcie pisania, i prowadzi przez ${counted('pl', count, PL_REPORTS)} krok po kroku. ` +
      'Nic nie opuszcza tego komputera: żadne zgłoszenie nigdzie nie jest wysyłane.',
    playgroundTitle: 'Pola do wypróbowania',
    playgroundIntro:
      'Po jednym polu każdego rodzaju, formatowanym przez petflowd podczas pisania. ' +
      'Wklej śmieci, użyj cyfr arabskich lub pełnej szerokości, cofnij i ponów.',
    navLabel: 'Strony',
    navReports: 'Zgłoszenia',
    navPlayground: 'Pola do wypróbowania',
    next: 'Dalej',
    submit: 'Wyślij zgłoszenie',
    back: 'Wstecz',
    leave: 'Porzuć zgłoszenie',
    choose: 'Wybierz…',
    optional: '(opcjonalnie)',
    choosePhoto: 'Wybierz zdjęcie',
    photoAttached: (name, size) => `Załączono: ${name} (${size})`,
    photoNone: 'Brak zdjęcia.',
    removePhoto: 'Usuń zdjęcie',
    kilobytes: (n) => `${n} KB`,
    notGiven: 'Nie podano',
    checkTitle: 'Sprawdź odpowiedzi przed wysłaniem zgłoszenia',
    change: 'Zmień',
    changeOffPath: (step) =>
      `Według Twoich odpowiedzi krok „${step}” jest pomijany: ` +
      'zmień odpowiedź, która o tym decyduje',
    changeBlocked: (step, first) =>
      `Najpierw uzupełnij krok „${first}”: krok „${step}” jest po nim`,
    changeUnknown: (step) => `To zgłoszenie nie ma kroku „${step}”`,
    changeRefused: (step) => `Kroku „${step}” nie można teraz zmienić`,
    errorSummaryTitle: 'Wystąpił problem',
    errorTitlePrefix: 'Błąd: ',
    errorLabel: 'Błąd:',
    sentTitle: 'Zgłoszenie wysłane',
    sentBody:
      'To jest demo, więc nic nie zostało nigdzie wysłane: odpowiedzi zostają na tym komputerze.',
    sentAnswers: 'Twoje odpowiedzi',
    payloadSummary: 'Dane, które wysłałaby aplikacja (JSON)',
    startAgain: 'Nowe zgłoszenie',
    confirmLeaveTitle: 'Porzucić to zgłoszenie?',
    confirmLeaveText: 'To, co wpisano, zostanie odrzucone. Nic nie zostało wysłane.',
    stay: 'Zostań przy zgłoszeniu',
    leaveConfirmed: 'Porzuć zgłoszenie',
    left: 'Zgłoszenie porzucone; nic nie zostało wysłane.',
    resumed: 'Zgłoszenie jest kontynuowane tam, gdzie je przerwano.',
    linkDown:
      'Brak połączenia z petflowd. To, co wpisujesz, jest zachowane, oznaczone jako oczekujące i ' +
      'zostanie wysłane po powrocie połączenia.',
    linkBack: 'Połączenie wróciło: wszystko, co wpisano, zostało wysłane.',
    linkBackNothingTyped: 'Połączenie wróciło.',
    unreachable: (message) => `Brak połączenia z petflowd: ${message}`,
    value: 'Wartość',
  },
};
