import { accountMessages } from '@/features/account/components/account-forms';
import type { messages as english } from '../en/account';

/** The guest's account in Hindi: a translation of each English message (../en/account.ts), keyed by it. */
export const messages = {
  'See your bookings, cancel one, and book faster with your details filled in.': 'अपनी बुकिंग देखें, किसी को रद्द करें, और अपनी भरी हुई जानकारी के साथ जल्दी बुक करें।',
  Password: 'पासवर्ड',
  'Signing in...': 'साइन इन हो रहा है...',
  'New here? <0>Create an account</0>. Booked without one? <1>Find your booking</1> with its reference.':
    'यहाँ नए हैं? <0>खाता बनाएँ</0>। बिना खाते के बुक किया था? संदर्भ से <1>अपनी बुकिंग खोजें</1>।',

  'Check your e-mail': 'अपना ई-मेल देखें',
  'One more step: open the link we e-mailed you to activate your account.': 'एक कदम और: अपना खाता चालू करने के लिए हमारे ई-मेल में भेजा लिंक खोलें।',
  'We sent it to <0>{email}</0>. It can take a few minutes to arrive; if it does not, look in your spam folder.':
    'हमने इसे <0>{email}</0> पर भेजा है। आने में कुछ मिनट लग सकते हैं; न आए तो अपना स्पैम फ़ोल्डर देखें।',
  'Wrong address? Change it or send again': 'गलत पता? उसे बदलें या फिर से भेजें',
  'Activated already? <0>Sign in</0>': 'पहले ही चालू कर लिया? <0>साइन इन करें</0>',
  'Create an account': 'खाता बनाएँ',
  'Keep your bookings in one place and skip typing your details next time.': 'अपनी बुकिंग एक जगह रखें और अगली बार अपनी जानकारी दोबारा न लिखें।',
  'Full name': 'पूरा नाम',
  '10 digits, for the front desk to reach you': '10 अंक, ताकि फ़्रंट डेस्क आपसे संपर्क कर सके',
  'At least {count} characters': 'कम से कम {count} अक्षर',
  'Create account': 'खाता बनाएँ',
  'Creating your account...': 'आपका खाता बन रहा है...',
  'Already have an account? <0>Sign in</0>': 'पहले से खाता है? <0>साइन इन करें</0>',

  'Your account is active, {name}. You are signed in.': '{name}, आपका खाता चालू है। आप साइन इन हैं।',
  'Book a stay': 'ठहराव बुक करें',
  'Go to my bookings': 'मेरी बुकिंग पर जाएँ',
  'Get a new link': 'नया लिंक पाएँ',
  'This activation link is incomplete. Open the link from the e-mail again, or register again with the same e-mail for a new one.':
    'यह सक्रियण लिंक अधूरा है। ई-मेल से लिंक फिर खोलें, या नए लिंक के लिए उसी ई-मेल से फिर से रजिस्टर करें।',
  'Your account could not be activated. Please check your connection and try again.': 'आपका खाता चालू नहीं हो सका। कृपया अपना कनेक्शन जाँचें और फिर कोशिश करें।',
  'Account activated': 'खाता चालू हुआ',
  'Activate your account': 'अपना खाता चालू करें',
  'Activating your account...': 'आपका खाता चालू हो रहा है...',

  'Your profile is saved.': 'आपकी प्रोफ़ाइल सहेज ली गई है।',
  '(your sign-in; it cannot be changed here)': '(आपका साइन-इन; इसे यहाँ बदला नहीं जा सकता)',
  '10 digits': '10 अंक',
  'Save profile': 'प्रोफ़ाइल सहेजें',
  'Saving...': 'सहेजा जा रहा है...',
  'Your profile': 'आपकी प्रोफ़ाइल',
  'Your name and phone fill in the booking form for you.': 'आपका नाम और फ़ोन बुकिंग फ़ॉर्म में अपने-आप भर जाते हैं।',
  'Back to my bookings': 'मेरी बुकिंग पर वापस',
  'Loading your profile...': 'आपकी प्रोफ़ाइल लोड हो रही है...',

  '{villa}, booking {reference}': '{villa}, बुकिंग {reference}',
  'Signed in as {name} ({email}).': '{name} ({email}) के रूप में साइन इन।',
  'Edit your profile': 'अपनी प्रोफ़ाइल बदलें',
  'Loading your bookings...': 'आपकी बुकिंग लोड हो रही हैं...',
  'No bookings yet. Your stays will appear here once you book while signed in.': 'अभी कोई बुकिंग नहीं। साइन इन रहकर बुक करने पर आपके ठहराव यहाँ दिखेंगे।',
  'Find dates for your stay': 'अपने ठहराव के लिए तारीखें खोजें',
  'Something went wrong. Please check your connection and try again.': 'कुछ गड़बड़ हुई। कृपया अपना कनेक्शन जाँचें और फिर कोशिश करें।',

  [accountMessages.passwordRequired]: 'पासवर्ड ज़रूरी है',
  [accountMessages.passwordLength]: 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए',
  'Name is required': 'नाम ज़रूरी है',
  'Please enter a valid 10-digit phone number': 'कृपया सही 10 अंकों का फ़ोन नंबर लिखें',
  'Invalid email or password': 'ई-मेल या पासवर्ड गलत है',
  'Check your e-mail: we have sent you a message about your new account. Open the link in it within 48 hours to activate your account.':
    'अपना ई-मेल देखें: हमने आपके नए खाते के बारे में संदेश भेजा है। अपना खाता चालू करने के लिए 48 घंटे के भीतर उसमें दिया लिंक खोलें।',
  'Please activate your account from the link we e-mailed you. Registering again with the same e-mail sends a new link.':
    'कृपया हमारे ई-मेल में भेजे लिंक से अपना खाता चालू करें। उसी ई-मेल से फिर से रजिस्टर करने पर नया लिंक आता है।',
  'This activation link has expired. Register again with the same e-mail address and we will send you a new one.':
    'इस सक्रियण लिंक का समय निकल गया है। उसी ई-मेल पते से फिर से रजिस्टर करें, हम आपको नया लिंक भेजेंगे।',
  'This activation link is not valid or has already been used. If you activated your account, sign in; if not, register again with the same e-mail for a new link.':
    'यह सक्रियण लिंक सही नहीं है या पहले ही इस्तेमाल हो चुका है। अगर आपने खाता चालू कर लिया है, तो साइन इन करें; नहीं तो नए लिंक के लिए उसी ई-मेल से फिर से रजिस्टर करें।',
  'Too many failed sign-in attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.':
    'साइन इन की बहुत सारी कोशिशें विफल हुईं। कृपया {minutes, plural, one {# मिनट} other {# मिनट}} बाद फिर कोशिश करें।',
  'Too many sign-ups from your network. Please try again in {minutes, plural, one {# minute} other {# minutes}}.':
    'आपके नेटवर्क से बहुत सारे साइन-अप हुए। कृपया {minutes, plural, one {# मिनट} other {# मिनट}} बाद फिर कोशिश करें।',
} satisfies Record<(typeof english)[number], string>;
