/* global window, document, location */
/*
 * Behaviour of the sandbox PSP's pages (served as a file: the CSP allows no inline script).
 * A result page tells the portal that framed it how the flow ended:
 *   window.parent.postMessage({ source: 'emerald-payment', paymentId, outcome, kind }, location.origin)
 * outcome: completed | declined | cancelled; kind: deposit | card-stored | withdrawal.
 */
(function () {
  'use strict';
  var framed = window.parent && window.parent !== window;

  var result = document.querySelector('[data-payment-result]');
  if (result && framed) {
    window.parent.postMessage(
      {
        source: 'emerald-payment',
        paymentId: result.getAttribute('data-payment-id'),
        outcome: result.getAttribute('data-outcome'),
        kind: result.getAttribute('data-kind'),
      },
      location.origin,
    );
  }
  if (framed) {
    document.querySelectorAll('[data-top-level-only]').forEach(function (element) {
      element.hidden = true;
    });
  }

  // The card number in groups of four, the expiry as MM/YY, while typing.
  var number = document.querySelector('[data-card-number]');
  if (number) {
    number.addEventListener('input', function () {
      var digits = number.value.replace(/\D/g, '').slice(0, 19);
      number.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    });
  }
  var expiry = document.querySelector('[data-expiry]');
  if (expiry) {
    expiry.addEventListener('input', function (event) {
      if (event.inputType && event.inputType.indexOf('delete') === 0) return;
      var digits = expiry.value.replace(/\D/g, '').slice(0, 4);
      expiry.value = digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    });
  }

  // One submit per form: a double click must not pay twice.
  document.querySelectorAll('form[data-submit-once]').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      if (form.getAttribute('data-submitted')) {
        event.preventDefault();
        return;
      }
      form.setAttribute('data-submitted', 'true');
      form.setAttribute('aria-busy', 'true');
    });
  });
})();
