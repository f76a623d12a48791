import type { messages as english } from './en.ts';

/** The booking e-mails in Hindi: a translation of each English message (./en.ts), keyed by it. */
export const messages = {
  'Booking reference': 'बुकिंग संदर्भ',
  Guest: 'मेहमान का नाम',
  Villa: 'विला',
  'Check-in': 'चेक-इन',
  '{date}, from {time}': '{date}, {time} से',
  'Check-out': 'चेक-आउट',
  '{date}, by {time}': '{date}, {time} तक',
  Guests: 'मेहमान',
  '{adults, plural, one {# adult} other {# adults}}, {children, plural, =0 {no children} one {# child} other {# children}}':
    '{adults, plural, one {# वयस्क} other {# वयस्क}}, {children, plural, =0 {कोई बच्चा नहीं} one {# बच्चा} other {# बच्चे}}',
  Package: 'पैकेज',
  Safari: 'सफ़ारी',
  '{name}, {date}, {slot}, {guests, plural, one {# guest} other {# guests}}': '{name}, {date}, {slot}, {guests, plural, one {# मेहमान} other {# मेहमान}}',
  Total: 'कुल',
  'Special requests': 'विशेष अनुरोध',
  Payment: 'भुगतान',
  'Paid at the property': 'रिज़ॉर्ट पर भुगतान हो चुका',
  'Pay at the property': 'रिज़ॉर्ट पर भुगतान',
  'Paid online': 'ऑनलाइन भुगतान हो चुका',
  'Paid online, refunded': 'ऑनलाइन भुगतान हुआ, पैसे लौटाए गए',
  'Online ({status})': 'ऑनलाइन ({status})',
  '{time} on {date}': '{date} को {time}',
  '{instant} (India time)': '{instant} (भारतीय समय)',

  'Cancellation policy: free cancellation up to {hours} hours before check-in.': 'रद्दीकरण नीति: चेक-इन से {hours} घंटे पहले तक मुफ़्त रद्दीकरण।',
  'Cancel by {deadline} and everything you paid is refunded; after that, nothing is refunded.':
    '{deadline} तक रद्द करें तो आपका चुकाया पूरा पैसा लौटा दिया जाता है; उसके बाद कुछ नहीं लौटाया जाता।',
  'Check-in is from {checkIn} and check-out by {checkOut} (India time).': 'चेक-इन {checkIn} से है और चेक-आउट {checkOut} तक (भारतीय समय)।',
  'Keep your booking reference {reference}: with your e-mail address it finds your booking.':
    'अपना बुकिंग संदर्भ {reference} संभालकर रखें: आपके ई-मेल पते के साथ इससे आपकी बुकिंग मिल जाती है।',

  'Your stay at {resort}: booking {reference}': '{resort} में आपका ठहराव: बुकिंग {reference}',
  'Dear {name}, thank you for booking with {resort}. Your stay is confirmed.': 'प्रिय {name}, {resort} में बुकिंग के लिए धन्यवाद। आपका ठहराव पक्का हो गया है।',
  'Your booking is confirmed': 'आपकी बुकिंग पक्की हो गई है',
  'Booking {reference} is confirmed: {villa}, check-in {date}.': 'बुकिंग {reference} पक्की हो गई है: {villa}, चेक-इन {date}।',
  'Manage your booking': 'अपनी बुकिंग संभालें',

  'Please confirm your booking {reference} at {resort}': 'कृपया {resort} में अपनी बुकिंग {reference} की पुष्टि करें',
  'Please confirm your booking': 'कृपया अपनी बुकिंग की पुष्टि करें',
  'Confirm booking {reference} before {deadline}, or the villa is released.': 'बुकिंग {reference} की पुष्टि {deadline} से पहले करें, नहीं तो विला छोड़ दिया जाएगा।',
  'Dear {name}, thank you for booking with {resort}. You chose to pay at the property.':
    'प्रिय {name}, {resort} में बुकिंग के लिए धन्यवाद। आपने रिज़ॉर्ट पर भुगतान चुना है।',
  'Please confirm your booking from the button below before {deadline}. Until then your villa is held for you; if it is not confirmed by then, the hold lapses and the nights are released.':
    'कृपया नीचे दिए बटन से {deadline} से पहले अपनी बुकिंग की पुष्टि करें। तब तक आपका विला आपके लिए रोका गया है; अगर तब तक पुष्टि नहीं हुई, तो रोक खत्म हो जाएगी और रातें फिर से खुल जाएँगी।',
  'Confirm by': 'पुष्टि की समय-सीमा',
  'Confirm your booking': 'अपनी बुकिंग की पुष्टि करें',

  'Booking {reference} cancelled': 'बुकिंग {reference} रद्द हुई',
  'Your booking is cancelled': 'आपकी बुकिंग रद्द हो गई है',
  'Booking {reference} is cancelled; {amount} will be refunded.': 'बुकिंग {reference} रद्द हो गई है; {amount} लौटाए जाएँगे।',
  'Booking {reference} is cancelled.': 'बुकिंग {reference} रद्द हो गई है।',
  'Dear {name}, your booking with {resort} is cancelled.': 'प्रिय {name}, {resort} में आपकी बुकिंग रद्द हो गई है।',
  'A refund of {amount} has been started to the account or card you paid with. We will e-mail you again when our payment provider has processed it.':
    'जिस खाते या कार्ड से आपने भुगतान किया था, उसमें {amount} लौटाने की प्रक्रिया शुरू हो गई है। हमारे भुगतान प्रदाता के इसे पूरा करने पर हम आपको फिर ई-मेल करेंगे।',
  'The cancellation came less than {hours} hours before check-in, so under the cancellation policy nothing is refunded.':
    'रद्दीकरण चेक-इन से {hours} घंटे से कम पहले हुआ, इसलिए रद्दीकरण नीति के अनुसार कुछ नहीं लौटाया जाता।',
  'Nothing was paid for this booking, so there is nothing to refund.': 'इस बुकिंग के लिए कोई भुगतान नहीं हुआ था, इसलिए लौटाने को कुछ नहीं है।',
  Refund: 'वापसी',
  '{amount}, initiated': '{amount}, प्रक्रिया शुरू',
  None: 'कुछ नहीं',
  'We hope to welcome you to the forest another time.': 'हमें उम्मीद है कि किसी और समय जंगल में आपका स्वागत करेंगे।',

  'Refund of {amount} for booking {reference}': 'बुकिंग {reference} के {amount} की वापसी',
  'Your refund is on its way': 'आपका पैसा लौट रहा है',
  '{amount} for booking {reference} is on its way back to you.': 'बुकिंग {reference} के {amount} आपको लौटाए जा रहे हैं।',
  'Dear {name}, the refund of {amount} for your cancelled booking {reference} has been processed by our payment provider.':
    'प्रिय {name}, आपकी रद्द बुकिंग {reference} के {amount} की वापसी हमारे भुगतान प्रदाता ने पूरी कर दी है।',
  'The money is on its way back to the account or card you paid with; banks usually take 5 to 7 working days to show it.':
    'पैसा उसी खाते या कार्ड में लौट रहा है जिससे आपने भुगतान किया था; बैंक में दिखने में आम तौर पर 5 से 7 कार्य दिवस लगते हैं।',
  '{amount}, processed': '{amount}, पूरी हुई',
  'Refund reference': 'वापसी संदर्भ',

  'Payment refunded: booking {reference} could not be kept': 'भुगतान लौटाया गया: बुकिंग {reference} रखी नहीं जा सकी',
  'Your payment has been refunded': 'आपका भुगतान लौटा दिया गया है',
  'We refunded {amount} for booking {reference} in full.': 'हमने बुकिंग {reference} के पूरे {amount} लौटा दिए हैं।',
  'Dear {name}, your payment for booking {reference} reached us after the time to pay had run out, and in the meantime the villa was booked by another guest.':
    'प्रिय {name}, बुकिंग {reference} का आपका भुगतान हमें भुगतान का समय खत्म होने के बाद मिला, और इस बीच विला किसी दूसरे मेहमान ने बुक कर लिया।',
  'We have refunded the full {amount} to the account or card you paid with, and our team has been told: they will be in touch to help you find other dates. We are sorry for the trouble.':
    'हमने पूरे {amount} उसी खाते या कार्ड में लौटा दिए हैं जिससे आपने भुगतान किया था, और हमारी टीम को बता दिया गया है: वे दूसरी तारीखें ढूँढने में मदद के लिए आपसे संपर्क करेंगे। असुविधा के लिए हमें खेद है।',
  '{amount}, in full': '{amount}, पूरे',

  'The attached {file} adds the stay to your calendar. Booking reference {reference}.': 'संलग्न {file} ठहराव को आपके कैलेंडर में जोड़ता है। बुकिंग संदर्भ {reference}।',
  'The attached {file} adds the stay to your calendar. Sent to {to} about booking {reference} at {resort}.':
    'संलग्न {file} ठहराव को आपके कैलेंडर में जोड़ता है। {resort} में बुकिंग {reference} के बारे में {to} को भेजा गया।',
  'Or open this link:': 'या यह लिंक खोलें:',
  From: 'भेजने वाला',
  To: 'पाने वाला',
  Subject: 'विषय',

  'Activate your {resort} account': 'अपना {resort} खाता चालू करें',
  'Activate your account': 'अपना खाता चालू करें',
  'Open the link before {until} to activate your account.': 'अपना खाता चालू करने के लिए {until} से पहले लिंक खोलें।',
  'Dear {name}, thank you for creating an account with {resort}.': 'प्रिय {name}, {resort} में खाता बनाने के लिए धन्यवाद।',
  'Please open the link below before {until} to activate your account. You will be signed in straight away.':
    'अपना खाता चालू करने के लिए कृपया {until} से पहले नीचे दिया लिंक खोलें। आप तुरंत साइन इन हो जाएँगे।',
  'Link expired? Register again with the same e-mail address and we will send you a new one.':
    'लिंक का समय निकल गया? उसी ई-मेल पते से फिर से रजिस्टर करें, हम आपको नया लिंक भेजेंगे।',
  'Did not ask for an account? Do not open the link: nothing is activated without it, and you can ignore this e-mail.':
    'खाता नहीं माँगा था? लिंक न खोलें: उसके बिना कुछ चालू नहीं होता, और आप इस ई-मेल को अनदेखा कर सकते हैं।',
  'Someone tried to sign up with your e-mail at {resort}': '{resort} में किसी ने आपके ई-मेल से साइन अप करने की कोशिश की',
  'You already have an account': 'आपका खाता पहले से है',
  'Nothing about your account has changed.': 'आपके खाते में कुछ नहीं बदला है।',
  'Dear {name}, someone (perhaps you) just tried to create a new {resort} account with this e-mail address.':
    'प्रिय {name}, किसी ने (शायद आपने) अभी इस ई-मेल पते से नया {resort} खाता बनाने की कोशिश की।',
  'This address already has an account, so no new one was made and nothing about your account has changed.':
    'इस पते का खाता पहले से है, इसलिए कोई नया खाता नहीं बना और आपके खाते में कुछ नहीं बदला।',
  'Sign in': 'साइन इन करें',
  'Forgotten your password? Contact the resort: our staff will set a new one for you.':
    'पासवर्ड भूल गए? रिज़ॉर्ट से संपर्क करें: हमारा स्टाफ़ आपके लिए नया पासवर्ड सेट कर देगा।',
  'If it was not you, there is nothing to do: your password has not changed.': 'अगर यह आप नहीं थे, तो कुछ करने की ज़रूरत नहीं: आपका पासवर्ड नहीं बदला है।',
  'Sent to {to} by {resort}.': '{resort} द्वारा {to} को भेजा गया।',

  '{villa} at {resort} ({reference})': '{resort} में {villa} ({reference})',
  'Booking {reference}: {villa} at {resort}.': 'बुकिंग {reference}: {resort} में {villa}।',
  'Check-in from {checkIn}, check-out by {checkOut} (India time).': 'चेक-इन {checkIn} से, चेक-आउट {checkOut} तक (भारतीय समय)।',
  'Not confirmed yet: confirm it before {deadline} (India time), or the hold lapses.':
    'अभी पुष्टि नहीं हुई: {deadline} (भारतीय समय) से पहले पुष्टि करें, नहीं तो रोक खत्म हो जाएगी।',
  'This booking is cancelled.': 'यह बुकिंग रद्द हो गई है।',
  'Confirmed.': 'पक्की।',
  'Manage your booking: {url}': 'अपनी बुकिंग संभालें: {url}',
} satisfies Record<(typeof english)[number], string>;
