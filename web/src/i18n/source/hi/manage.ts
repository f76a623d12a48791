import { lookupMessages } from '@/features/manage/components/lookup-form';
import type { messages as english } from '../en/manage';

/** A booking after it is made, in Hindi: a translation of each English message (../en/manage.ts), keyed by it. */
export const messages = {
  'Skip to the content': 'सामग्री पर जाएँ',

  Pending: 'बाकी',
  Reserved: 'आरक्षित',
  Confirmed: 'पक्की',
  'Checked in': 'चेक-इन हो गया',
  Cancelled: 'रद्द',
  Completed: 'पूरी हुई',
  Expired: 'समय निकल गया',
  Refunded: 'पैसे लौटाए गए',
  'Paid online': 'ऑनलाइन भुगतान हो चुका',
  'Nothing was charged': 'कोई पैसा नहीं लिया गया',
  'To pay at the property': 'रिज़ॉर्ट पर चुकाना है',
  'Payment pending': 'भुगतान बाकी',
  '{adults, plural, one {# adult} other {# adults}}{children, plural, =0 {} one {, # child} other {, # children}}, {rooms, plural, one {# room} other {# rooms}}':
    '{adults, plural, one {# वयस्क} other {# वयस्क}}{children, plural, =0 {} one {, # बच्चा} other {, # बच्चे}}, {rooms, plural, one {# कमरा} other {# कमरे}}',
  '{date}, from {time}': '{date}, {time} से',
  '{date}, by {time}': '{date}, {time} तक',
  Safaris: 'सफ़ारी',
  Payment: 'भुगतान',
  Refund: 'वापसी',
  'Price breakdown': 'कीमत का ब्योरा',

  'Nothing has been charged for this booking (you chose to pay at the property), so there is nothing to refund and nothing to pay.':
    'इस बुकिंग के लिए कोई पैसा नहीं लिया गया है (आपने रिज़ॉर्ट पर भुगतान चुना था), इसलिए न कुछ लौटाना है और न कुछ चुकाना है।',
  'Nothing has been charged for this booking (the online payment was not completed), so there is nothing to refund and nothing to pay.':
    'इस बुकिंग के लिए कोई पैसा नहीं लिया गया है (ऑनलाइन भुगतान पूरा नहीं हुआ था), इसलिए न कुछ लौटाना है और न कुछ चुकाना है।',
  'Everything you paid comes back: you are cancelling before the free-cancellation deadline, {deadline}.':
    'आपका चुकाया पूरा पैसा लौट आएगा: आप मुफ़्त रद्दीकरण की समय-सीमा, {deadline}, से पहले रद्द कर रहे हैं।',
  'No refund: free cancellation ended on {deadline}.': 'कोई वापसी नहीं: मुफ़्त रद्दीकरण {deadline} को खत्म हो गया।',
  '{refund} of the {total} you paid comes back.': 'आपके चुकाए {total} में से {refund} लौट आएँगे।',
  'You can cancel for a full refund until {deadline}, 48 hours before check-in. After that, nothing is refunded.':
    'आप {deadline} तक, यानी चेक-इन से 48 घंटे पहले तक, पूरी वापसी के साथ रद्द कर सकते हैं। उसके बाद कुछ नहीं लौटाया जाता।',
  'Free cancellation until {deadline}.': '{deadline} तक मुफ़्त रद्दीकरण।',
  'Free cancellation ended on {deadline}.': 'मुफ़्त रद्दीकरण {deadline} को खत्म हो गया।',
  'Nothing has been charged, so cancelling costs nothing.': 'कोई पैसा नहीं लिया गया है, इसलिए रद्द करने में कुछ नहीं लगेगा।',
  'Cancelling now refunds {amount}.': 'अभी रद्द करने पर {amount} लौटेंगे।',
  'Booking {reference} is cancelled.': 'बुकिंग {reference} रद्द हो गई है।',
  'Refund: <0>{amount}</0>, to the card you paid with, within 5-7 working days.':
    'वापसी: <0>{amount}</0>, उसी कार्ड में जिससे आपने भुगतान किया था, 5-7 कार्य दिवसों में।',
  'Refund: <0>{amount}</0>.': 'वापसी: <0>{amount}</0>।',
  'Refund: <0>{amount}</0> (nothing was charged).': 'वापसी: <0>{amount}</0> (कोई पैसा नहीं लिया गया था)।',
  'A confirmation is on its way to {email}.': 'पुष्टि {email} पर भेजी जा रही है।',
  'Find other dates for your stay': 'अपने ठहराव के लिए दूसरी तारीखें खोजें',
  'This booking can no longer be cancelled online.': 'यह बुकिंग अब ऑनलाइन रद्द नहीं की जा सकती।',
  'Cancel booking': 'बुकिंग रद्द करें',
  'Cancel booking {reference}?': 'बुकिंग {reference} रद्द करें?',
  '{villa}, {from} to {to}, {guests, plural, one {# guest} other {# guests}}, for {name}.':
    '{villa}, {from} से {to} तक, {guests, plural, one {# मेहमान} other {# मेहमान}}, {name} के लिए।',
  'Refund if you cancel now': 'अभी रद्द करने पर वापसी',
  '(try again in {seconds, plural, one {# second} other {# seconds}})': '({seconds, plural, one {# सेकंड} other {# सेकंड}} में फिर कोशिश करें)',
  'Cancelling...': 'रद्द हो रही है...',
  'Yes, cancel booking': 'हाँ, बुकिंग रद्द करें',
  'Keep my booking': 'मेरी बुकिंग रखें',

  'You can try again in {seconds, plural, one {# second} other {# seconds}}.': 'आप {seconds, plural, one {# सेकंड} other {# सेकंड}} में फिर कोशिश कर सकते हैं।',
  'Your booking could not be loaded. Please check your connection and try again.': 'आपकी बुकिंग लोड नहीं हो सकी। कृपया अपना कनेक्शन जाँचें और फिर कोशिश करें।',
  'Find it with your e-mail': 'अपने ई-मेल से खोजें',
  'Booking {reference}': 'बुकिंग {reference}',
  'Your booking': 'आपकी बुकिंग',
  'Loading your booking...': 'आपकी बुकिंग लोड हो रही है...',
  'Questions about your stay? Call the front desk on <0>{phone}</0>.': 'अपने ठहराव के बारे में सवाल? फ़्रंट डेस्क को <0>{phone}</0> पर फ़ोन करें।',

  'The booking could not be loaded. Please check your connection and try again.': 'बुकिंग लोड नहीं हो सकी। कृपया अपना कनेक्शन जाँचें और फिर कोशिश करें।',
  '(you can try again in {seconds, plural, one {# second} other {# seconds}})': '(आप {seconds, plural, one {# सेकंड} other {# सेकंड}} में फिर कोशिश कर सकते हैं)',
  'Find your booking': 'अपनी बुकिंग खोजें',
  'See your stay, and cancel it if your plans change.': 'अपना ठहराव देखें, और योजना बदले तो उसे रद्द करें।',
  'As in your confirmation e-mail, for example VMLX2K9QF3A1B2C3': 'जैसा आपके पुष्टि ई-मेल में है, जैसे VMLX2K9QF3A1B2C3',
  'The address you booked with': 'वह पता जिससे आपने बुक किया था',
  'Find my booking': 'मेरी बुकिंग खोजें',
  'Finding your booking...': 'आपकी बुकिंग खोजी जा रही है...',
  'Have an account? <0>Sign in</0> to see all your bookings.': 'खाता है? अपनी सभी बुकिंग देखने के लिए <0>साइन इन करें</0>।',
  [lookupMessages.referenceRequired]: 'कृपया अपना बुकिंग संदर्भ लिखें',
  [lookupMessages.reference]: 'बुकिंग संदर्भ VM से शुरू होता है और उसके बाद अक्षर और अंक होते हैं, जैसा आपके पुष्टि ई-मेल में है',
  'No booking matches this reference and e-mail': 'इस संदर्भ और ई-मेल से कोई बुकिंग नहीं मिली',
  'No booking matches this reference and link': 'इस संदर्भ और लिंक से कोई बुकिंग नहीं मिली',
  'This booking can no longer be cancelled: check-in time has passed': 'यह बुकिंग अब रद्द नहीं की जा सकती: चेक-इन का समय निकल चुका है',
  'This booking is cancelled and cannot be cancelled': 'यह बुकिंग पहले ही रद्द हो चुकी है',
  'This booking is checked-in and cannot be cancelled': 'इस बुकिंग का चेक-इन हो चुका है, इसलिए इसे रद्द नहीं किया जा सकता',
  'This booking is completed and cannot be cancelled': 'यह बुकिंग पूरी हो चुकी है, इसलिए इसे रद्द नहीं किया जा सकता',
  'This booking is expired and cannot be cancelled': 'इस बुकिंग का समय निकल चुका है, इसलिए इसे रद्द नहीं किया जा सकता',
  'This booking cannot be cancelled': 'यह बुकिंग रद्द नहीं की जा सकती',
  'This booking changed while you were cancelling it. Please reload it and try again.':
    'आपके रद्द करते समय इस बुकिंग में बदलाव हुआ। कृपया इसे फिर से खोलें और दोबारा कोशिश करें।',

  'Your stay is reserved': 'आपका ठहराव आरक्षित है',
  '{villa} is reserved for you from {date}. Pay <0>{amount}</0> at the property when you arrive; check-in is from {time}.':
    '{date} से {villa} आपके लिए आरक्षित है। पहुँचने पर रिज़ॉर्ट में <0>{amount}</0> चुकाएँ; चेक-इन {time} से है।',
  'You confirmed it on {when}.': 'आपने इसकी पुष्टि {when} को की।',
  'The time to confirm has run out': 'पुष्टि का समय खत्म हो गया',
  'This booking was not confirmed within 24 hours, so its villa is no longer held. Nothing was charged.':
    'इस बुकिंग की पुष्टि 24 घंटे में नहीं हुई, इसलिए इसका विला अब रोका नहीं गया है। कोई पैसा नहीं लिया गया।',
  'Book again': 'फिर से बुक करें',
  'Confirm your booking': 'अपनी बुकिंग की पुष्टि करें',
  'We are holding {villa} for you until <0>{deadline}</0>. Confirm now to keep it; otherwise the hold is released and the villa goes back on sale.':
    'हम <0>{deadline}</0> तक आपके लिए {villa} रोके हुए हैं। इसे रखने के लिए अभी पुष्टि करें; नहीं तो रोक हट जाएगी और विला फिर से बिक्री पर आ जाएगा।',
  'We are holding {villa} for you. Confirm now to keep it; otherwise the hold is released and the villa goes back on sale.':
    'हम आपके लिए {villa} रोके हुए हैं। इसे रखने के लिए अभी पुष्टि करें; नहीं तो रोक हट जाएगी और विला फिर से बिक्री पर आ जाएगा।',
  'Nothing to pay now: you pay <0>{amount}</0> at the property when you arrive.': 'अभी कुछ नहीं चुकाना: आप पहुँचने पर रिज़ॉर्ट में <0>{amount}</0> चुकाएँगे।',
  'Confirming...': 'पुष्टि हो रही है...',
  'Confirm my booking': 'मेरी बुकिंग की पुष्टि करें',
  'To confirm it, use the Confirm your booking button in the e-mail we sent to {email}.':
    'पुष्टि के लिए, {email} पर भेजे गए ई-मेल में "अपनी बुकिंग की पुष्टि करें" बटन का इस्तेमाल करें।',
  "We couldn't reach the resort, so your booking is not confirmed yet. Please check your connection and try again.":
    'हम रिज़ॉर्ट तक नहीं पहुँच सके, इसलिए आपकी बुकिंग की पुष्टि अभी नहीं हुई है। कृपया अपना कनेक्शन जाँचें और फिर कोशिश करें।',

  'Online (card, UPI or net banking)': 'ऑनलाइन (कार्ड, UPI या नेट बैंकिंग)',
  'At the property': 'रिज़ॉर्ट पर',
  'On its way: 5-7 working days to reach your account': 'रास्ते में: आपके खाते तक पहुँचने में 5-7 कार्य दिवस',
  'Sent back to the account you paid from (your bank may take 5-7 working days to show it)':
    'उसी खाते में लौटाया गया जिससे आपने भुगतान किया था (आपके बैंक में दिखने में 5-7 कार्य दिवस लग सकते हैं)',
  'Could not be sent: our front desk will contact you': 'भेजा नहीं जा सका: हमारा फ़्रंट डेस्क आपसे संपर्क करेगा',
  Paid: 'भुगतान हुआ',
  'Paid on': 'भुगतान की तारीख',
  Method: 'तरीका',
  'Payment ID': 'भुगतान ID',
  'Refunded on': 'वापसी की तारीख',
  Status: 'स्थिति',
  'Refund ID': 'वापसी ID',
  'The payment details could not be loaded.': 'भुगतान की जानकारी लोड नहीं हो सकी।',
  'Try again': 'फिर कोशिश करें',
  'Payment and refund': 'भुगतान और वापसी',
} satisfies Record<(typeof english)[number], string>;
