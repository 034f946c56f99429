// Password hashing cost for the suite: the production default (N=2^17) would make hundreds of registrations slow.
process.env.PASSWORD_SCRYPT_N ??= '1024'
// The AWS SDK warns once per process that its 2027 releases need Node 22; the suite runs on the Node the project supports.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
