/**
 * Who the extension is, for the browsers' native messaging allow-lists. Chrome derives an
 * unpacked extension's id from its path unless the manifest carries a `key`: this public key
 * (RSA 2048, SubjectPublicKeyInfo, base64) makes the id the same for every checkout, so
 * `bridge:install` can name exactly this extension in `allowed_origins`. Its private half was
 * never kept: nothing is signed with it. Firefox uses the gecko id instead.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAv5hisb1u5WYK7diqp80hdnGmcSTkAviogJ969e8tXN3jRiiT44jtEs+suysPrEUnfS+Oj1nziWrYT/O7lxRy2LV6LvKd4TrEqgLY1VRiOUylDbW4L8ND5pRRmlAReoJtKxvprPhe9jAWVwkOPVXeT+gTakqyy1E97ukqkZZ3v/Tr53nIZ6RlbP6QN5+JgekwjV9VlLA0QlhDI2VQiyF5iaihNZl388UD4Sk9i+C4cPjmH1hj55ljQCAd7rtivslUD3JQkes5PoQHgNjoyCGI0peHS5PZDAwUxZDE6yh9KSULcoCt9yMn5Q63WlK5hsvh1GYwht0sdPRs2WYh2kkNuwIDAQAB';

export const GECKO_ID = 'claude-mem@claude-mem.dev';
