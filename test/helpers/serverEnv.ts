// Password hashing cost for the suite: the production default (N=2^17) would make hundreds of registrations slow.
process.env.PASSWORD_SCRYPT_N ??= '1024'
